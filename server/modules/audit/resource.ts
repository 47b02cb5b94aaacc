import type { ResourceDef } from '../../shared/hydra';

/** The actions an audit entry records (issue 38). */
export const AUDIT_ACTIONS = [
  'contact.added',
  'contact.edited',
  'contact.removed',
  'contacts.imported',
  'contacts.exported',
  'address.suppressed',
  'person.exported',
  'person.erased',
  'user.invited',
  'user.role_changed',
  'user.deactivated',
  'user.transferred',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** An audit entry as `GET /api/audit` answers it (admins only: `user` is who acted). */
export const auditResource: ResourceDef = {
  type: 'AuditEntry',
  path: 'audit',
  table: 'audit_entry',
  fields: {
    id: { column: 'id', kind: 'int' },
    at: { column: 'at', kind: 'timestamp' },
    user: { column: 'user_id', kind: 'int' },
    action: { column: 'action', kind: 'text', values: AUDIT_ACTIONS },
    subject: { column: 'subject', kind: 'text' },
    rows: { column: 'rows', kind: 'int' },
    detail: { column: 'detail', kind: 'json' },
  },
  filters: ['action', 'user'],
  dateFilters: ['at'],
  orderable: ['at', 'id', 'action'],
  searchable: ['action', 'subject'],
  owner: 'user',
  defaultOrder: { field: 'at', direction: 'desc' },
};
