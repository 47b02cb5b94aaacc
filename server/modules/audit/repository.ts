import type { Queryable } from '../../db/db';
import { addressHash, type ErasureKeySource } from '../../shared/erasureHash';
import type { AuditAction } from './resource';

/** One action on personal data, as the trail keeps it. */
export interface AuditRecord {
  /** Who acted: a user's id; null for the person themself (self-service) or a task. */
  user: number | null;
  action: AuditAction;
  /** The address concerned: kept as its keyed hash only (docs/decisions.md, «Personal data rights (issue 38)»). */
  email?: string | null;
  /** How many rows it read or changed. */
  rows: number;
  /** Other facts without personal data (a list's id, a table's counts). */
  detail?: Record<string, unknown>;
}

/**
 * Appends an entry to the audit trail (issue 38), in the caller's transaction: the action and
 * its entry exist together or not at all. `keys` gives the hash's key when an address is named.
 */
export async function recordAudit(db: Queryable, keys: ErasureKeySource, record: AuditRecord): Promise<void> {
  await db.query(`INSERT INTO audit_entry (user_id, action, subject, rows, detail) VALUES ($1, $2, $3, $4, $5::jsonb)`, [
    record.user,
    record.action,
    record.email ? addressHash(keys, record.email) : null,
    record.rows,
    JSON.stringify(record.detail ?? {}),
  ]);
}
