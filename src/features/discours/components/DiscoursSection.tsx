import { useSelector } from 'react-redux';
import { fr } from '../../../shared/i18n/fr';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectIsAdmin, selectSessionUser } from '../../../shared/session';
import type { Column } from '../../../shared/ui/DataTable';
import { EditableTableSection } from '../../../shared/ui/EditableTableSection';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useGetDiscoursPageQuery } from '../api';
import type { Discours } from '../types';
import { DiscoursEditor } from './DiscoursEditor';

const columns: Column<Discours>[] = [
  { key: 'label', label: fr.discours.label, text: (d) => d.label, sortField: 'label' },
  { key: 'name', label: fr.discours.name, text: (d) => d.name, sortField: 'name' },
  { key: 'items', label: fr.discours.items, text: (d) => String(d.sequence.length) },
  { key: 'lastModified', label: fr.discours.lastModified, text: (d) => formatFrenchDate(d.lastModified), sortField: 'lastModified' },
];

/** The user's speeches; an admin creates them with 'Nouveau thème' and edits them. */
export function DiscoursSection() {
  const user = useSelector(selectSessionUser);
  const isAdmin = useSelector(selectIsAdmin);
  const [query, setQuery] = useTableQuery();
  const { data: page, isFetching } = useGetDiscoursPageQuery({ user: user?.id ?? 0, query }, { skip: !user });
  return (
    <EditableTableSection
      title={fr.discours.title}
      createLabel={fr.discours.newTheme}
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
