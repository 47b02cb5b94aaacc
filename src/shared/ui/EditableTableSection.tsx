import { useState, type ReactNode } from 'react';
import { Button } from '@mui/material';
import { DataTable, type Column } from './DataTable';
import { Hinted } from './Hinted';
import { Section } from './Section';
import type { TablePage, TableQuery } from './tableQuery';

interface Props<T> {
  title: string;
  /** The create button's label; it shows only to those who may edit. */
  createLabel: string;
  /** What creating makes, in the button's tooltip. */
  createHint?: string;
  canEdit: boolean;
  columns: Column<T>[];
  /** The page the server answered for `query`. */
  page: TablePage<T> | undefined;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /** The editor of a row, or of a new one (undefined), closed by `onClose`. */
  renderEditor: (row: T | undefined, onClose: () => void) => ReactNode;
}

/** A section whose table rows open an editor, with a create button, for those who may edit. */
export function EditableTableSection<T>({
  title,
  createLabel,
  createHint,
  canEdit,
  columns,
  page,
  query,
  onQueryChange,
  rowKey,
  loading,
  renderEditor,
}: Props<T>) {
  const [editing, setEditing] = useState<{ row: T | undefined } | null>(null);
  const close = () => setEditing(null);
  const create = (
    <Button variant="contained" onClick={() => setEditing({ row: undefined })}>
      {createLabel}
    </Button>
  );
  return (
    <Section
      title={title}
      actions={canEdit && (createHint ? <Hinted hint={createHint}>{create}</Hinted> : create)}
    >
      <DataTable
        label={title}
        columns={columns}
        rows={page?.rows ?? []}
        total={page?.total ?? 0}
        query={query}
        onQueryChange={onQueryChange}
        rowKey={rowKey}
        onRowClick={canEdit ? (row) => setEditing({ row }) : undefined}
        loading={loading}
      />
      {editing && renderEditor(editing.row, close)}
    </Section>
  );
}
