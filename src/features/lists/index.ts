export { listsApi, useGetListsPageQuery, useGetListCountsQuery } from './api';
export { ListsSection } from './components/ListsSection';
export { ListEditor, type ListEditorProps } from './components/ListEditor';
export { AddContactForm } from './components/AddContactForm';
export type { List, ListCounts } from './types';
