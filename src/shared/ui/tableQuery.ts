import { DEFAULT_PAGE_SIZE } from '../config/constants';

/** One sort key of a table: an API field and its direction. */
export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

/** What a server-paged table asks the API for: serialisable, so that it may live in a URL or a store. */
export interface TableQuery {
  page: number;
  pageSize: number;
  search: string;
  /** The first key sorts, the next ones break ties. */
  order: SortKey[];
}

/** How many sort keys a table keeps: the column clicked and the two before it. */
export const MAX_SORT_KEYS = 3;

export const initialTableQuery = (order: SortKey[] = []): TableQuery => ({
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  order,
});

/**
 * A click on a column's header: the first key already → its direction flips; otherwise it
 * becomes the first key, ascending, and the previous keys break its ties.
 */
export function sortBy(query: TableQuery, field: string): TableQuery {
  const [first] = query.order;
  const order: SortKey[] =
    first?.field === field
      ? [{ field, direction: first.direction === 'asc' ? 'desc' : 'asc' }, ...query.order.slice(1)]
      : [{ field, direction: 'asc' as const }, ...query.order.filter((key) => key.field !== field)].slice(0, MAX_SORT_KEYS);
  return { ...query, order, page: 1 };
}

/** The hydra layer's query parameters of a table query (`order[...]` in the query's order). */
export function hydraParams(query: TableQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, itemsPerPage: query.pageSize };
  const search = query.search.trim();
  if (search) params.search = search;
  for (const key of query.order) params[`order[${key.field}]`] = key.direction;
  return params;
}

/** One page of a collection, as tables show it. */
export interface TablePage<T> {
  rows: T[];
  total: number;
}
