import { useState } from 'react';
import { initialTableQuery, type SortKey, type TableQuery } from './tableQuery';

/** A table's query (page, size, search, order), starting on its default order. */
export function useTableQuery(order: SortKey[] = []): [TableQuery, (query: TableQuery) => void] {
  const [query, setQuery] = useState<TableQuery>(() => initialTableQuery(order));
  return [query, setQuery];
}
