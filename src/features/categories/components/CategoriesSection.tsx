import { useSelector } from 'react-redux';
import { frConsole } from '../../../shared/i18n/frConsole';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectIsAdmin } from '../../../shared/session';
import type { Column } from '../../../shared/ui/DataTable';
import { EditableTableSection } from '../../../shared/ui/EditableTableSection';
import type { Category } from '../types';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useCategoriesPageQuery } from '../useCategoriesQuery';
import { CategoryEditor } from './CategoryEditor';

const columns: Column<Category>[] = [
  { key: 'label', label: frConsole.categories.label, text: (c) => c.label, sortField: 'label' },
  { key: 'name', label: frConsole.categories.name, text: (c) => c.name, sortField: 'name' },
  { key: 'description', label: frConsole.categories.description, text: (c) => c.description, sortField: 'description' },
  { key: 'lastModified', label: frConsole.categories.lastModified, text: (c) => formatFrenchDate(c.lastModified), sortField: 'lastModified' },
];

/** The user's categories; an admin creates ('Nouvelle Catégorie') and edits them. */
export function CategoriesSection() {
  const isAdmin = useSelector(selectIsAdmin);
  const [query, setQuery] = useTableQuery();
  const { data: page, isFetching } = useCategoriesPageQuery(query);
  return (
    <EditableTableSection
      title={frConsole.categories.title}
      createLabel={frConsole.categories.newCategory}
      createHint={frConsole.hints.newCategory}
      canEdit={isAdmin}
      columns={columns}
      page={page}
      query={query}
      onQueryChange={setQuery}
      rowKey={(c) => c.id}
      loading={isFetching}
      renderEditor={(category, onClose) => <CategoryEditor category={category} onClose={onClose} />}
    />
  );
}
