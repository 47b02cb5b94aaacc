import type { Queryable } from '../../../db/db';

/** A worker whose heartbeat is older than this is taken for dead, and its claims are freed. */
export const STALE_AFTER_SECONDS = 15;

/** How a refused-for-now row waits: `base × 2^attempts` (capped), failed after `maxAttempts` tries. */
export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

/** The table of a row queue, and how its claim picks and answers rows. */
export interface RowTable {
  table: 'mail_recipient' | 'mail_message';
  /** The alias its statements give the table. */
  alias: string;
  /** `, updated_at = now()` for a table that keeps when a row last changed, else ''. */
  touch: string;
}

export interface ClaimShape {
  /** More conditions a due row meets (`AND …`), on the alias. */
  due: string;
  order: string;
  /** More FROM items of the claiming UPDATE and their join (`, x WHERE …`), or ''. */
  join: string;
  returning: string;
}

/**
 * The statements a worker runs on a queue of rows (a send's recipients, one-off messages): one
 * life for both — claimed (`sending`, with the worker's id), then sent, skipped, failed, retried
 * later or given back; a dead worker's claims are freed.
 */
export function rowQueue({ table, alias: a, touch }: RowTable) {
  const markSentSql = (ids: string) =>
    `UPDATE ${table} SET status = 'sent', claimed_by = NULL, last_error = NULL${touch}, sent_at = now()
  WHERE id = ANY(${ids}::bigint[]) AND status = 'sending'`;
  const perRow = (set: string) =>
    `UPDATE ${table} ${a} SET ${set}, claimed_by = NULL, last_error = x.reason${touch}
     FROM unnest($1::bigint[], $2::text[]) AS x(id, reason)
     WHERE ${a}.id = x.id AND ${a}.status = 'sending'`;
  return {
    /**
     * Claims up to `limit` due rows, and records as sent, in the same statement, the rows
     * `sentIds` the worker sent since. `FOR UPDATE SKIP LOCKED` lets workers of several
     * processes claim at once without ever taking the same row.
     */
    claim<T>(db: Queryable, shape: ClaimShape, workerId: string, limit: number, sentIds: number[]): Promise<T[]> {
      return db.query<T>(
        `WITH sent AS (${markSentSql('$3')}),
     picked AS (
       SELECT ${a}.id FROM ${table} ${a}
       WHERE ${a}.status = 'pending' AND ${a}.next_attempt_at <= now()${shape.due}
       ORDER BY ${shape.order}
       LIMIT $2
       FOR UPDATE OF ${a} SKIP LOCKED
     )
     UPDATE ${table} ${a} SET status = 'sending', claimed_by = $1${touch}
     FROM picked${shape.join ? `, ${shape.join}` : ` WHERE ${a}.id = picked.id`}
     RETURNING ${shape.returning}`,
        [workerId, limit, sentIds],
      );
    },
    async markSent(db: Queryable, ids: number[]): Promise<void> {
      await db.query(markSentSql('$1'), [ids]);
    },
    async markSkipped(db: Queryable, ids: number[]): Promise<void> {
      await db.query(`UPDATE ${table} SET status = 'skipped', claimed_by = NULL${touch} WHERE id = ANY($1::bigint[]) AND status = 'sending'`, [ids]);
    },
    async markFailed(db: Queryable, ids: number[], reasons: string[]): Promise<void> {
      await db.query(perRow(`status = 'failed'`), [ids, reasons]);
    },
    /** Refused for now (4xx): waits `base × 2^attempts` (capped) before another try, fails for good after `maxAttempts`. */
    async markRetry(db: Queryable, ids: number[], reasons: string[], policy: RetryPolicy): Promise<void> {
      await db.query(
        perRow(`attempts = ${a}.attempts + 1,
       status = CASE WHEN ${a}.attempts + 1 >= $3 THEN 'failed' ELSE 'pending' END,
       next_attempt_at = now() + least($4::float8 * power(2, ${a}.attempts), $5::float8) * interval '1 millisecond'`),
        [ids, reasons, policy.maxAttempts, policy.retryBaseMs, policy.retryMaxMs],
      );
    },
    /** Gives rows back untouched: the mail service, not they, was the trouble. */
    async release(db: Queryable, ids: number[], reason: string | null): Promise<void> {
      await db.query(
        `UPDATE ${table} SET status = 'pending', claimed_by = NULL, last_error = coalesce($2, last_error)${touch}
     WHERE id = ANY($1::bigint[]) AND status = 'sending'`,
        [ids, reason],
      );
    },
    /** Gives back every row a stopping worker still holds. */
    async releaseWorker(db: Queryable, workerId: string): Promise<void> {
      await db.query(`UPDATE ${table} SET status = 'pending', claimed_by = NULL${touch} WHERE status = 'sending' AND claimed_by = $1`, [workerId]);
    },
    /** Frees the rows claimed by workers that stopped beating (a killed process); answers how many. */
    async reclaimStale(db: Queryable): Promise<number> {
      const freed = await db.query(
        `UPDATE ${table} ${a} SET status = 'pending', claimed_by = NULL${touch}
     WHERE ${a}.status = 'sending' AND NOT EXISTS (
       SELECT 1 FROM mail_worker w
       WHERE w.id = ${a}.claimed_by AND w.heartbeat_at > now() - make_interval(secs => $1)
     )
     RETURNING ${a}.id`,
        [STALE_AFTER_SECONDS],
      );
      return freed.length;
    },
  };
}

export type RowQueue = ReturnType<typeof rowQueue>;
