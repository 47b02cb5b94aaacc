import { useState } from 'react';
import { Button } from '@mui/material';
import { useSelector } from 'react-redux';
import { fr } from '../../../shared/i18n/fr';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectIsAdmin } from '../../../shared/session';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import type { Category } from '../types';
import { useCategoriesQuery } from '../useCategoriesQuery';
import { CategoryEditor } from './CategoryEditor';

const columns: Column<Category>[] = [
  { key: 'label', label: fr.categories.label, text: (c) => c.label },
  { key: 'name', label: fr.categories.name, text: (c) => c.name },
  { key: 'description', label: fr.categories.description, text: (c) => c.description },
  { key: 'lastModified', label: fr.categories.lastModified, text: (c) => formatFrenchDate(c.lastModified) },
];

/** The user's categories; an admin creates ('Nouvelle Catégorie') and edits them. */
export function CategoriesSection() {
  const isAdmin = useSelector(selectIsAdmin);
  const { data: categories = [], isFetching } = useCategoriesQuery();
  const [editing, setEditing] = useState<Category | 'new' | null>(null);

  return (
    <Section
      title={fr.categories.title}
      actions={
        isAdmin && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {fr.categories.newCategory}
          </Button>
        )
      }
    >
      <DataTable
        label={fr.categories.title}
        columns={columns}
        rows={categories}
        rowKey={(c) => c.id}
        onRowClick={isAdmin ? setEditing : undefined}
        loading={isFetching}
      />
      {editing && <CategoryEditor category={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Section>
  );
}
