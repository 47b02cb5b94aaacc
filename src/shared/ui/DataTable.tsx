import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  Box,
  Button,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PAGE_LINKS, PAGE_SIZES } from '../config/constants';
import { fr } from '../i18n/fr';
import { pageWindow } from './pageWindow';
import { sortBy, type TableQuery } from './tableQuery';

export interface Column<T> {
  key: string;
  label: string;
  /** The cell's text. */
  text: (row: T) => string;
  /** What the cell shows, when not its text. */
  render?: (row: T) => ReactNode;
  /** The API field `order[...]` sorts this column by; absent, the column does not sort. */
  sortField?: string;
  /** What InMemoryDataTable sorts this column by, when its text does not sort (a French date: an ISO one). */
  sortText?: (row: T) => string;
}

export interface DataTableProps<T> {
  /** Names the table for assistive technologies and tests. */
  label: string;
  columns: Column<T>[];
  /** The rows of the current page, as the server answered them. */
  rows: readonly T[];
  /** How many rows the whole query holds. */
  total: number;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  rowKey: (row: T) => string | number;
  /** Opens a row: its first cell becomes a button (or a link with `rowHref`) that the keyboard reaches. */
  onRowClick?: (row: T) => void;
  /** The address a row opens: its first cell becomes a link to it. */
  rowHref?: (row: T) => string;
  loading?: boolean;
  /** What the row ends with (actions), under `actionsLabel`. */
  actions?: (row: T) => ReactNode;
  actionsLabel?: string;
}

/** How long the filter waits for typing to pause before asking the server. */
const SEARCH_DELAY_MS = 300;

/**
 * The console's table (spec §2.5): a 'Filter:' box, page sizes 5, 10, 20, 50 (10 by default),
 * and a pagination showing 5 page links around the current page. The server pages, searches
 * and sorts (the hydra layer's `page`, `itemsPerPage`, `search`, `order[...]`): the table
 * shows one page and says what to ask next through `onQueryChange`.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  total,
  query,
  onQueryChange,
  rowKey,
  onRowClick,
  rowHref,
  loading = false,
  actions,
  actionsLabel = fr.table.actions,
}: DataTableProps<T>) {
  const filterId = `${label}-filter`.replace(/\s+/g, '-');
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const current = Math.min(query.page, pageCount);
  const go = (page: number) => onQueryChange({ ...query, page });
  const opensRows = !!(onRowClick || rowHref);

  return (
    <Box>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Box component="label" htmlFor={filterId}>
          {fr.table.filter}
        </Box>
        <SearchBox id={filterId} value={query.search} onSearch={(search) => onQueryChange({ ...query, search, page: 1 })} />
        <TextField
          select
          size="small"
          label={fr.table.pageSize}
          value={query.pageSize}
          onChange={(event) => onQueryChange({ ...query, pageSize: Number(event.target.value), page: 1 })}
          sx={{ minWidth: 140 }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {/* A wide table scrolls in its own box, never the page (phones). */}
      <TableContainer sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Table size="small" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const key = column.sortField ? query.order.find((k) => k.field === column.sortField) : undefined;
                const primary = !!key && query.order[0] === key;
                return (
                  <TableCell
                    key={column.key}
                    sortDirection={primary ? (key.direction === 'asc' ? 'asc' : 'desc') : false}
                  >
                    {column.sortField ? (
                      <TableSortLabel
                        active={!!key}
                        direction={key?.direction ?? 'asc'}
                        onClick={() => onQueryChange(sortBy(query, column.sortField as string))}
                      >
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
              {actions && <TableCell>{actionsLabel}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={rowKey(row)}
                hover={opensRows}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                sx={opensRows ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column, index) => {
                  const content = column.render ? column.render(row) : column.text(row);
                  return (
                    <TableCell key={column.key}>
                      {index === 0 && opensRows ? <RowOpener row={row} href={rowHref} onOpen={onRowClick} content={content} /> : content}
                    </TableCell>
                  );
                })}
                {actions && (
                  <TableCell onClick={(event) => event.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
                    {actions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
            {rows.length === 0 && !loading && (
              <TableRow>
                <TableCell colSpan={columns.length + (actions ? 1 : 0)}>{fr.table.empty}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack
        direction="row"
        component="nav"
        aria-label={`${fr.table.pagination} ${label}`}
        sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
      >
        <Button size="small" aria-label={fr.table.first} disabled={current === 1} onClick={() => go(1)} sx={{ minWidth: 36 }}>
          «
        </Button>
        <Button size="small" aria-label={fr.table.previous} disabled={current === 1} onClick={() => go(current - 1)} sx={{ minWidth: 36 }}>
          ‹
        </Button>
        {pageWindow(current, pageCount, PAGE_LINKS).map((n) => (
          <Button
            key={n}
            size="small"
            variant={n === current ? 'contained' : 'text'}
            aria-label={fr.table.page(n)}
            aria-current={n === current ? 'page' : undefined}
            onClick={() => go(n)}
            sx={{ minWidth: 36 }}
          >
            {n}
          </Button>
        ))}
        <Button size="small" aria-label={fr.table.next} disabled={current === pageCount} onClick={() => go(current + 1)} sx={{ minWidth: 36 }}>
          ›
        </Button>
        <Button size="small" aria-label={fr.table.last} disabled={current === pageCount} onClick={() => go(pageCount)} sx={{ minWidth: 36 }}>
          »
        </Button>
        <Typography variant="body2" sx={{ ml: 1 }} aria-live="polite">
          {total === 0 ? '' : fr.table.range((current - 1) * query.pageSize + 1, Math.min(current * query.pageSize, total), total)}
        </Typography>
      </Stack>
    </Box>
  );
}

/** The filter box: shows each key at once, asks the server once typing pauses. */
function SearchBox({ id, value, onSearch }: { id: string; value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <TextField
      id={id}
      size="small"
      placeholder={fr.table.filterPlaceholder}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => onSearch(next), SEARCH_DELAY_MS);
      }}
      slotProps={{ htmlInput: { type: 'search' } }}
    />
  );
}

/** A row's first cell as the control that opens it: keyboard users reach and see it (focus ring). */
function RowOpener<T>({ row, href, onOpen, content }: { row: T; href?: (row: T) => string; onOpen?: (row: T) => void; content: ReactNode }) {
  const focusRing = { '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } };
  if (href) {
    return (
      <Link
        component={RouterLink}
        to={href(row)}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          // A plain click opens in place (the page's way); a modified one opens a new tab or window.
          if (onOpen && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
            event.preventDefault();
            onOpen(row);
          }
        }}
        sx={focusRing}
      >
        {content}
      </Link>
    );
  }
  return (
    <Link
      component="button"
      type="button"
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onOpen?.(row);
      }}
      sx={{ ...focusRing, textAlign: 'left', font: 'inherit' }}
    >
      {content}
    </Link>
  );
}
