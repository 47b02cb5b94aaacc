import { useState, type ReactNode } from 'react';
import { Button } from '@mui/material';
import { useSelector } from 'react-redux';
import { fr } from '../../../shared/i18n/fr';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectSessionUser } from '../../../shared/session';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import { useGetListsQuery } from '../api';
import type { List } from '../types';
import { ListEditor } from './ListEditor';
import { NewListDialog } from './NewListDialog';

const columns: Column<List>[] = [
  { key: 'subject', label: fr.lists.subject, text: (list) => list.subject },
  { key: 'lastModified', label: fr.lists.lastModified, text: (list) => formatFrenchDate(list.lastModified) },
];

/** The user's active lists (spec §7.3), 'Nouvelle liste', and the list editor. */
export function ListsSection({ renderWorkflow }: { renderWorkflow?: (listId: number) => ReactNode }) {
  const user = useSelector(selectSessionUser);
  const { data: lists = [], isFetching } = useGetListsQuery(user?.id ?? 0, { skip: !user });
  const [openId, setOpenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <Section
      title={fr.lists.title}
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          {fr.lists.newList}
        </Button>
      }
    >
      <DataTable label={fr.lists.title} columns={columns} rows={lists} rowKey={(list) => list.id} onRowClick={(list) => setOpenId(list.id)} loading={isFetching} />
      {creating && (
        <NewListDialog
          onClose={() => setCreating(false)}
          onCreated={(list) => {
            setCreating(false);
            setOpenId(list.id);
          }}
        />
      )}
      {openId !== null && <ListEditor listId={openId} onClose={() => setOpenId(null)} renderWorkflow={renderWorkflow} />}
    </Section>
  );
}
