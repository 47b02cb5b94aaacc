/** The actions the audit trail records (issue 38). */
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

/** An entry of `GET /api/audit`. */
export interface AuditEntry {
  '@id': string;
  id: number;
  at: string;
  user: number | null;
  action: AuditAction;
  /** The keyed hash of the address concerned, never the address. */
  subject: string | null;
  rows: number;
  detail: Record<string, unknown>;
}
