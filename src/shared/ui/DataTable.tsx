import { useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DEFAULT_PAGE_SIZE, PAGE_LINKS, PAGE_SIZES } from '../config/constants';
import { fr } from '../i18n/fr';
import { pageWindow } from './pageWindow';

export interface Column<T> {
  key: string;
  label: string;
  /** The cell's text; the filter matches it. */
  text: (row: T) => string;
  /** What the cell shows, when not its text. */
  render?: (row: T) => ReactNode;
}

interface Props<T> {
  /** Names the table for assistive technologies and tests. */
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  onRowClick?: (row: T) => void;
  loading?: boolean;
}

/**
 * The console's table (spec §2.5): a 'Filter:' box matching any cell, page sizes 5, 10, 20,
 * 50 (10 by default), and a pagination showing 5 page links around the current page.
 */
export function DataTable<T>({ label, columns, rows, rowKey, onRowClick, loading = false }: Props<T>) {
  const [filter, setFilter] = useState('');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);

  const filtered = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return rows;
    return rows.filter((row) => columns.some((column) => column.text(row).toLowerCase().includes(needle)));
  }, [rows, columns, filter]);

  const pageCount = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pageCount);
  const shown = filtered.slice((current - 1) * pageSize, current * pageSize);
  const filterId = `${label}-filter`.replace(/\s+/g, '-');

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box component="label" htmlFor={filterId}>
          {fr.table.filter}
        </Box>
        <TextField
          id={filterId}
          size="small"
          placeholder={fr.table.filterPlaceholder}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(1);
          }}
        />
        <TextField
          select
          size="small"
          label={fr.table.pageSize}
          value={pageSize}
          onChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(1);
          }}
          sx={{ minWidth: 140 }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key}>{column.label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow
                key={rowKey(row)}
                hover={!!onRowClick}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => event.key === 'Enter' && onRowClick(row) : undefined}
                sx={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <TableCell key={column.key}>{column.render ? column.render(row) : column.text(row)}</TableCell>
                ))}
              </TableRow>
            ))}
            {shown.length === 0 && !loading && (
              <TableRow>
                <TableCell colSpan={columns.length}>{fr.table.empty}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={0.5} component="nav" aria-label={`${fr.table.pagination} ${label}`} sx={{ mt: 1, alignItems: 'center' }}>
        <Button size="small" aria-label={fr.table.first} disabled={current === 1} onClick={() => setPage(1)}>
          «
        </Button>
        <Button size="small" aria-label={fr.table.previous} disabled={current === 1} onClick={() => setPage(current - 1)}>
          ‹
        </Button>
        {pageWindow(current, pageCount, PAGE_LINKS).map((n) => (
          <Button
            key={n}
            size="small"
            variant={n === current ? 'contained' : 'text'}
            aria-label={fr.table.page(n)}
            aria-current={n === current ? 'page' : undefined}
            onClick={() => setPage(n)}
            sx={{ minWidth: 36 }}
          >
            {n}
          </Button>
        ))}
        <Button size="small" aria-label={fr.table.next} disabled={current === pageCount} onClick={() => setPage(current + 1)}>
          ›
        </Button>
        <Button size="small" aria-label={fr.table.last} disabled={current === pageCount} onClick={() => setPage(pageCount)}>
          »
        </Button>
        <Typography variant="body2" sx={{ ml: 1 }}>
          {filtered.length === 0
            ? ''
            : fr.table.range((current - 1) * pageSize + 1, Math.min(current * pageSize, filtered.length), filtered.length)}
        </Typography>
      </Stack>
    </Box>
  );
}
