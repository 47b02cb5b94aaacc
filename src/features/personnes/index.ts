export { PersonDataSection } from './components/PersonDataSection';
export { MyDataActions, type MyDataActionsProps } from './components/MyDataActions';
export type { ErasureOutcome, PersonExport } from './api';
export { VisitorDataActions } from './components/VisitorDataActions';
