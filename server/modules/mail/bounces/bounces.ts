import type { Db } from '../../../db/db';
import { rejectAddress, rejectAddresses } from '../../lists/repository';
import type { RecipientRef } from '../tracking';

export type BounceKind = 'hard' | 'soft';

/** What a bounce says about one recipient, whichever way it came (DSN, plain message, webhook). */
export interface BounceReport {
  kind: BounceKind;
  /** The enhanced status code (RFC 3463), e.g. 5.1.1, or the SMTP reply code when that is all there is. */
  status: string;
  diagnostic: string;
  /** `smtp`, or the webhook's service. */
  source: string;
}

export interface BounceOutcome {
  /** The contact's e-mail is now `rejeté` in every list of the send's owner. */
  rejected: boolean;
  softInARow: number;
}

/**
 * Records a bounce of a recipient of a send. A permanent failure rejects the address in every
 * list of the send's owner; a temporary one does when the address bounced softly on each of
 * its last `softLimit` sends. The send's `bounced` counter counts distinct contacts rejected by
 * it. Answers null for a recipient that was never sent (nothing is recorded).
 */
export async function recordBounce(
  db: Db,
  ref: RecipientRef,
  report: BounceReport,
  softLimit: number,
): Promise<BounceOutcome | null> {
  return db.transaction(async (tx) => {
    const [recipient] = await tx.query<{ id: number; email: string; owner: number }>(
      `SELECT r.id, c.email, s.user_id AS owner FROM mail_recipient r
       JOIN grp_rcp c ON c.id = r.contact_id JOIN mail_send s ON s.id = r.send_id
       WHERE r.send_id = $1 AND r.contact_id = $2 AND r.status = 'sent' FOR UPDATE OF r`,
      [ref.sendId, ref.contactId],
    );
    if (!recipient) return null;
    let softInARow = 0;
    if (report.kind === 'soft') {
      // The address's latest sends (all lists of the owner), newest first, up to this one; a row
      // starts again after the address was last rejected (an operator cleared it since).
      const recent = await tx.query<{ bounced: boolean }>(
        `SELECT EXISTS (
             SELECT 1 FROM mail_bounce b WHERE b.send_id = r.send_id AND b.contact_id = r.contact_id
           ) AS bounced
         FROM mail_recipient r JOIN grp_rcp c ON c.id = r.contact_id JOIN grp g ON g.id = c.grp_id
         WHERE g.user_id = $1 AND lower(c.email) = lower($2) AND r.status = 'sent' AND r.send_id <= $3
           AND r.send_id > coalesce((
             SELECT max(b.send_id) FROM mail_bounce b JOIN mail_send s ON s.id = b.send_id
             WHERE b.rejected AND s.user_id = $1 AND lower(b.email) = lower($2)
           ), 0)
         ORDER BY r.send_id DESC LIMIT $4`,
        [recipient.owner, recipient.email, ref.sendId, softLimit],
      );
      // This very recipient is the newest; it bounced now.
      softInARow = 1;
      for (const row of recent.slice(1)) {
        if (!row.bounced) break;
        softInARow += 1;
      }
    }
    const rejected = report.kind === 'hard' || softInARow >= softLimit;
    await tx.query(
      `INSERT INTO mail_bounce (send_id, contact_id, email, kind, status, diagnostic, source, soft_in_a_row, rejected)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        ref.sendId,
        ref.contactId,
        recipient.email,
        report.kind,
        report.status.slice(0, 20),
        report.diagnostic.slice(0, 1000),
        report.source,
        softInARow,
        rejected,
      ],
    );
    if (rejected) {
      await tx.query(
        `WITH first AS (
           UPDATE mail_recipient SET bounced_at = now() WHERE id = $1 AND bounced_at IS NULL RETURNING send_id
         ) UPDATE mail_send SET bounced = bounced + 1 WHERE id IN (SELECT send_id FROM first)`,
        [recipient.id],
      );
      await rejectAddress(tx, recipient.owner, recipient.email);
    }
    return { rejected, softInARow };
  });
}

/** A bounce of one recipient, as the receiver takes them. */
export interface BounceOf {
  ref: RecipientRef;
  report: BounceReport;
}

/**
 * Records several bounces together, as `recordBounce` would one after the other: permanent ones
 * in one transaction of a few set statements (a bounce's cost is the database's round trips,
 * not its parsing), temporary ones each on its own since the row of soft bounces reads the
 * address's history. Bounces of recipients that were never sent are ignored.
 */
export async function recordBounces(db: Db, bounces: BounceOf[], softLimit: number): Promise<void> {
  const hard = bounces.filter((bounce) => bounce.report.kind === 'hard');
  if (hard.length > 0) {
    await db.transaction(async (tx) => {
      const recipients = await tx.query<{ i: number; id: number; email: string; owner: number }>(
        `SELECT x.i::int AS i, r.id, c.email, s.user_id AS owner
         FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS x(send_id, contact_id, i)
         JOIN mail_recipient r ON r.send_id = x.send_id AND r.contact_id = x.contact_id AND r.status = 'sent'
         JOIN grp_rcp c ON c.id = r.contact_id JOIN mail_send s ON s.id = r.send_id
         ORDER BY r.id FOR UPDATE OF r`,
        [hard.map((b) => b.ref.sendId), hard.map((b) => b.ref.contactId)],
      );
      if (recipients.length === 0) return;
      const rows = recipients.map((recipient) => ({ ...recipient, bounce: hard[recipient.i - 1] }));
      await tx.query(
        `INSERT INTO mail_bounce (send_id, contact_id, email, kind, status, diagnostic, source, soft_in_a_row, rejected)
         SELECT send_id, contact_id, email, 'hard', status, diagnostic, source, 0, true
         FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[])
           AS x(send_id, contact_id, email, status, diagnostic, source)`,
        [
          rows.map((row) => row.bounce.ref.sendId),
          rows.map((row) => row.bounce.ref.contactId),
          rows.map((row) => row.email),
          rows.map((row) => row.bounce.report.status.slice(0, 20)),
          rows.map((row) => row.bounce.report.diagnostic.slice(0, 1000)),
          rows.map((row) => row.bounce.report.source),
        ],
      );
      await tx.query(
        `WITH first AS (
           UPDATE mail_recipient SET bounced_at = now() WHERE id = ANY($1::bigint[]) AND bounced_at IS NULL RETURNING send_id
         ), per_send AS (SELECT send_id, count(*)::int AS n FROM first GROUP BY send_id)
         UPDATE mail_send s SET bounced = s.bounced + p.n FROM per_send p WHERE s.id = p.send_id`,
        [rows.map((row) => row.id)],
      );
      await rejectAddresses(
        tx,
        rows.map((row) => row.owner),
        rows.map((row) => row.email),
      );
    });
  }
  for (const bounce of bounces) {
    if (bounce.report.kind === 'soft') await recordBounce(db, bounce.ref, bounce.report, softLimit);
  }
}

/**
 * Bounces recorded in batches: those that arrive while a batch is being written go together in
 * the next one. Answers a function that records one bounce, settled once its batch is.
 */
export function bounceBatcher(db: Db, softLimit: number, maxBatch = 500): (bounce: BounceOf) => Promise<void> {
  const waiting: { bounce: BounceOf; done: (error?: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      const error = await recordBounces(
        db,
        batch.map((entry) => entry.bounce),
        softLimit,
      ).then(
        () => undefined,
        (failure: unknown) => failure ?? new Error('bounces not recorded'),
      );
      for (const entry of batch) entry.done(error);
    }
    writing = false;
  };
  return (bounce) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ bounce, done: (error) => (error ? reject(error) : resolve()) });
      if (!writing) void write();
    });
}
