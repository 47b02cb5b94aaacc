import { useState, type ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import { useSelector } from 'react-redux';
import { frConsole } from '../../../shared/i18n/frConsole';
import type { RecordRouting } from '../../../shared/lib/recordRouting';
import { useLocalRouting } from '../../../shared/ui/useLocalRouting';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectIsAdmin, selectSessionUser } from '../../../shared/session';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useGetListsPageQuery, useGetPublicDefaultListQuery } from '../api';
import type { List } from '../types';
import { ListEditor } from './ListEditor';
import { NewListDialog } from './NewListDialog';

const columns: Column<List>[] = [
  { key: 'subject', label: frConsole.lists.subject, text: (list) => list.subject, sortField: 'subject' },
  { key: 'lastModified', label: frConsole.lists.lastModified, text: (list) => formatFrenchDate(list.lastModified), sortField: 'lastModified' },
];

/** The user's active lists (spec §7.3), 'Nouvelle liste', and the list editor. */
export function ListsSection({ routing: given, renderWorkflow }: { routing?: RecordRouting; renderWorkflow?: (listId: number) => ReactNode }) {
  const routing = useLocalRouting(given);
  const user = useSelector(selectSessionUser);
  const [query, setQuery] = useTableQuery();
  const { data, isFetching } = useGetListsPageQuery({ user: user?.id ?? 0, query }, { skip: !user });
  const [creating, setCreating] = useState(false);
  const { openId } = routing;
  // Admins choose the list visitors join at sign-up: they are told which, or that none is.
  const admin = useSelector(selectIsAdmin);
  const { data: publicDefault, isSuccess: publicDefaultKnown } = useGetPublicDefaultListQuery(undefined, { skip: !admin });

  return (
    <Section
      title={frConsole.lists.title}
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          {frConsole.lists.newList}
        </Button>
      }
    >
      {admin && publicDefaultKnown && (
        <Alert severity={publicDefault ? 'info' : 'warning'} sx={{ mb: 1 }}>
          {publicDefault ? frConsole.lists.publicDefaultIs(publicDefault.subject) : frConsole.lists.noPublicDefault}
        </Alert>
      )}
      <DataTable
        label={frConsole.lists.title}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(list) => list.id}
        rowHref={(list) => routing.href(list.id)}
        onRowClick={(list) => routing.open(list.id)}
        loading={isFetching}
      />
      {creating && (
        <NewListDialog
          onClose={() => setCreating(false)}
          onCreated={(list) => {
            setCreating(false);
            routing.open(list.id);
          }}
        />
      )}
      {openId !== null && (
        <ListEditor
          listId={openId}
          tab={routing.tab}
          onTabChange={(tab) => routing.setTab(openId, tab)}
          onClose={routing.close}
          renderWorkflow={renderWorkflow}
          contactsHref={given ? `${given.href(openId)}/contacts` : undefined}
        />
      )}
    </Section>
  );
}
