import { useMemo } from 'react';
import { DataTable, type DataTableProps } from './DataTable';
import { useTableQuery } from './useTableQuery';

/** Lower-case, without accents: what the filter compares, as the server's search does. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The one DataTable over rows the page already holds whole (a report's few links or
 * failures): it filters, sorts (every column, by its text or `sortText`) and pages them in the browser, as
 * the server does for collections.
 */
export function InMemoryDataTable<T>(props: Omit<DataTableProps<T>, 'total' | 'query' | 'onQueryChange'>) {
  const { rows, columns } = props;
  const [query, setQuery] = useTableQuery();
  const sortable = useMemo(() => columns.map((column) => ({ ...column, sortField: column.sortField ?? column.key })), [columns]);
  const matching = useMemo(() => {
    const search = folded(query.search.trim());
    const kept = search ? rows.filter((row) => columns.some((column) => folded(column.text(row)).includes(search))) : [...rows];
    const keys = query.order.flatMap((key) => {
      const column = sortable.find((candidate) => candidate.sortField === key.field);
      return column ? [{ text: column.sortText ?? column.text, sign: key.direction === 'asc' ? 1 : -1 }] : [];
    });
    return kept.sort((a, b) => {
      for (const key of keys) {
        const compared = key.text(a).localeCompare(key.text(b), 'fr', { numeric: true });
        if (compared !== 0) return compared * key.sign;
      }
      return 0;
    });
  }, [rows, columns, sortable, query.search, query.order]);
  const start = (query.page - 1) * query.pageSize;
  return (
    <DataTable
      {...props}
      columns={sortable}
      rows={matching.slice(start, start + query.pageSize)}
      total={matching.length}
      query={query}
      onQueryChange={setQuery}
    />
  );
}
