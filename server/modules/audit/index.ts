/**
 * The audit trail (issue 38): what other modules and server/modules/index.ts use. Modules that
 * read in bulk or change personal data record an entry with `recordAudit`, in their transaction.
 */
export { auditRoutes } from './routes';
export { recordAudit, type AuditRecord } from './repository';
export { AUDIT_ACTIONS, type AuditAction } from './resource';
