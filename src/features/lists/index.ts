export { listsApi, useGetListsPageQuery, useGetListCountsQuery, useGetListQuery } from './api';
export { ContactsTable } from './components/ContactsTable';
export { ListsSection } from './components/ListsSection';
export { ListEditor, type ListEditorProps } from './components/ListEditor';
export { AddContactForm } from './components/AddContactForm';
export type { List, ListCounts } from './types';
