import { useState } from 'react';
import { Button } from '@mui/material';
import { useSelector } from 'react-redux';
import { fr } from '../../../shared/i18n/fr';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectIsAdmin, selectSessionUser } from '../../../shared/session';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import { useGetDiscoursQuery } from '../api';
import type { Discours } from '../types';
import { DiscoursEditor } from './DiscoursEditor';

const columns: Column<Discours>[] = [
  { key: 'label', label: fr.discours.label, text: (d) => d.label },
  { key: 'name', label: fr.discours.name, text: (d) => d.name },
  { key: 'items', label: fr.discours.items, text: (d) => String(d.sequence.length) },
  { key: 'lastModified', label: fr.discours.lastModified, text: (d) => formatFrenchDate(d.lastModified) },
];

/** The user's speeches; an admin creates them with 'Nouveau thème' and edits them. */
export function DiscoursSection() {
  const user = useSelector(selectSessionUser);
  const isAdmin = useSelector(selectIsAdmin);
  const { data: speeches = [], isFetching } = useGetDiscoursQuery(user?.id ?? 0, { skip: !user });
  const [editing, setEditing] = useState<Discours | 'new' | null>(null);

  return (
    <Section
      title={fr.discours.title}
      actions={
        isAdmin && (
          <Button variant="contained" onClick={() => setEditing('new')}>
            {fr.discours.newTheme}
          </Button>
        )
      }
    >
      <DataTable
        label={fr.discours.title}
        columns={columns}
        rows={speeches}
        rowKey={(d) => d.id}
        onRowClick={isAdmin ? setEditing : undefined}
        loading={isFetching}
      />
      {editing && <DiscoursEditor discours={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Section>
  );
}
