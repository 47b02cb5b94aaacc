import { useSelector } from 'react-redux';
import { frConsole } from '../../../shared/i18n/frConsole';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectIsAdmin, selectSessionUser } from '../../../shared/session';
import type { Column } from '../../../shared/ui/DataTable';
import { EditableTableSection } from '../../../shared/ui/EditableTableSection';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useGetDiscoursPageQuery } from '../api';
import type { Discours } from '../types';
import { DiscoursEditor } from './DiscoursEditor';

const columns: Column<Discours>[] = [
  { key: 'label', label: frConsole.discours.label, text: (d) => d.label, sortField: 'label' },
  { key: 'name', label: frConsole.discours.name, text: (d) => d.name, sortField: 'name' },
  { key: 'items', label: frConsole.discours.items, text: (d) => String(d.sequence.length) },
  { key: 'lastModified', label: frConsole.discours.lastModified, text: (d) => formatFrenchDate(d.lastModified), sortField: 'lastModified' },
];

/** The user's speeches; an admin creates them with 'Nouveau thème' and edits them. */
export function DiscoursSection() {
  const user = useSelector(selectSessionUser);
  const isAdmin = useSelector(selectIsAdmin);
  const [query, setQuery] = useTableQuery();
  const { data: page, isFetching } = useGetDiscoursPageQuery({ user: user?.id ?? 0, query }, { skip: !user });
  return (
    <EditableTableSection
      title={frConsole.discours.title}
      createLabel={frConsole.discours.newTheme}
      createHint={frConsole.hints.newTheme}
      canEdit={isAdmin}
      columns={columns}
      page={page}
      query={query}
      onQueryChange={setQuery}
      rowKey={(d) => d.id}
      loading={isFetching}
      renderEditor={(discours, onClose) => <DiscoursEditor discours={discours} onClose={onClose} />}
    />
  );
}
