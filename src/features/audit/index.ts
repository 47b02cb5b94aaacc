export { AuditSection } from './components/AuditSection';
export type { AuditAction, AuditEntry } from './types';
