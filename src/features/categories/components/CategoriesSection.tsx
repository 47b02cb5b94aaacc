import { useSelector } from 'react-redux';
import { fr } from '../../../shared/i18n/fr';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectIsAdmin } from '../../../shared/session';
import type { Column } from '../../../shared/ui/DataTable';
import { EditableTableSection } from '../../../shared/ui/EditableTableSection';
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
  return (
    <EditableTableSection
      title={fr.categories.title}
      createLabel={fr.categories.newCategory}
      canEdit={isAdmin}
      columns={columns}
      rows={categories}
      rowKey={(c) => c.id}
      loading={isFetching}
      renderEditor={(category, onClose) => <CategoryEditor category={category} onClose={onClose} />}
    />
  );
}
