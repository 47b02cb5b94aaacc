import type { Db } from '../../../db/db';
import { mailContacts } from '../contacts';
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
 * list of the send's owner and puts it on that owner's suppression list (docs/architecture.md,
 * «Suppression list»), as `BOUNCE_SOFT_LIMIT` temporary ones in a row do; a temporary one does when the address bounced softly on each of
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
      await mailContacts().rejectAddress(tx, recipient.owner, recipient.email);
      await mailContacts().suppressAddresses(tx, [recipient.owner], [recipient.email], 'rejeté');
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
 * Records several bounces together, as `recordBounce` would one after the other, in one
 * transaction of a few set statements whatever their number (a bounce's cost is the database's
 * round trips, not its parsing): permanent ones reject their address; temporary ones are
 * written, then each one's row of soft bounces is read from the address's history in one
 * statement, and those reaching `softLimit` reject it. Bounces of recipients that were never
 * sent are ignored. Answers how many were recorded.
 */
export async function recordBounces(db: Db, bounces: BounceOf[], softLimit: number): Promise<number> {
  if (bounces.length === 0) return 0;
  return db.transaction(async (tx) => {
    const recipients = await tx.query<{ i: number; id: number; email: string; owner: number }>(
      `SELECT x.i::int AS i, r.id, c.email, s.user_id AS owner
       FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS x(send_id, contact_id, i)
       JOIN mail_recipient r ON r.send_id = x.send_id AND r.contact_id = x.contact_id AND r.status = 'sent'
       JOIN grp_rcp c ON c.id = r.contact_id JOIN mail_send s ON s.id = r.send_id
       ORDER BY r.id FOR UPDATE OF r`,
      [bounces.map((b) => b.ref.sendId), bounces.map((b) => b.ref.contactId)],
    );
    if (recipients.length === 0) return 0;
    // In the order they came: a later soft bounce of an address sees the earlier ones.
    const rows = recipients.map((recipient) => ({ ...recipient, bounce: bounces[recipient.i - 1] })).sort((a, b) => a.i - b.i);
    const inserted = await tx.query<{ id: number; kind: BounceKind }>(
      `INSERT INTO mail_bounce (send_id, contact_id, email, kind, status, diagnostic, source, soft_in_a_row, rejected)
       SELECT send_id, contact_id, email, kind, status, diagnostic, source, 0, kind = 'hard'
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
         AS x(send_id, contact_id, email, kind, status, diagnostic, source)
       RETURNING id, kind`,
      [
        rows.map((row) => row.bounce.ref.sendId),
        rows.map((row) => row.bounce.ref.contactId),
        rows.map((row) => row.email),
        rows.map((row) => row.bounce.report.kind),
        rows.map((row) => row.bounce.report.status.slice(0, 20)),
        rows.map((row) => row.bounce.report.diagnostic.slice(0, 1000)),
        rows.map((row) => row.bounce.report.source),
      ],
    );
    const soft = inserted.filter((row) => row.kind === 'soft').map((row) => row.id);
    if (soft.length > 0) {
      // Each soft bounce's row: the address's latest sends of that owner (newest first, up to
      // the bounced one, after its last rejection), counted while each of them bounced.
      await tx.query(
        `WITH b AS (
           SELECT m.id, m.send_id, lower(m.email) AS email, s.user_id AS owner
           FROM mail_bounce m JOIN mail_send s ON s.id = m.send_id WHERE m.id = ANY($1::bigint[])
         ), since AS (
           SELECT b.id, coalesce((
             SELECT max(x.send_id) FROM mail_bounce x JOIN mail_send s ON s.id = x.send_id
             WHERE x.rejected AND s.user_id = b.owner AND lower(x.email) = b.email AND x.id <> b.id
           ), 0) AS after FROM b
         ), history AS (
           SELECT b.id, EXISTS (
               SELECT 1 FROM mail_bounce x WHERE x.send_id = r.send_id AND x.contact_id = r.contact_id AND x.id <= b.id
             ) AS bounced,
             row_number() OVER (PARTITION BY b.id ORDER BY r.send_id DESC) AS n
           FROM b JOIN since ON since.id = b.id
           JOIN grp g ON g.user_id = b.owner
           JOIN grp_rcp c ON c.grp_id = g.id AND lower(c.email) = b.email
           JOIN mail_recipient r ON r.contact_id = c.id AND r.status = 'sent' AND r.send_id <= b.send_id AND r.send_id > since.after
         ), streak AS (
           SELECT id, coalesce(min(n) FILTER (WHERE NOT bounced) - 1, count(*)) AS in_a_row
           FROM history WHERE n <= $2 GROUP BY id
         )
         UPDATE mail_bounce m SET soft_in_a_row = greatest(s.in_a_row, 1), rejected = greatest(s.in_a_row, 1) >= $2
         FROM streak s WHERE m.id = s.id`,
        [soft, softLimit],
      );
    }
    const rejected = await tx.query<{ recipient: number; owner: number; email: string }>(
      `SELECT r.id AS recipient, s.user_id AS owner, m.email FROM mail_bounce m
       JOIN mail_recipient r ON r.send_id = m.send_id AND r.contact_id = m.contact_id
       JOIN mail_send s ON s.id = m.send_id
       WHERE m.id = ANY($1::bigint[]) AND m.rejected`,
      [inserted.map((row) => row.id)],
    );
    if (rejected.length > 0) {
      await tx.query(
        `WITH first AS (
           UPDATE mail_recipient SET bounced_at = now() WHERE id = ANY($1::bigint[]) AND bounced_at IS NULL RETURNING send_id
         ), per_send AS (SELECT send_id, count(*)::int AS n FROM first GROUP BY send_id)
         UPDATE mail_send s SET bounced = s.bounced + p.n FROM per_send p WHERE s.id = p.send_id`,
        [rejected.map((row) => row.recipient)],
      );
      await mailContacts().rejectAddresses(
        tx,
        rejected.map((row) => row.owner),
        rejected.map((row) => row.email),
      );
      await mailContacts().suppressAddresses(
        tx,
        rejected.map((row) => row.owner),
        rejected.map((row) => row.email),
        'rejeté',
      );
    }
    return inserted.length;
  });
}

/** A bounce or a complaint a service reported: the address, and our Message-ID when it gives it back. */
export interface ReportedBounce {
  email: string;
  messageId?: string;
}

/** The recipient a report is about, with the owner of its send and the contact's address. */
export interface PlacedReport extends RecipientRef {
  owner: number;
  email: string;
}

const MAX_ID = 2_147_483_647;

/**
 * The recipient each reported bounce is about, in one statement for the whole batch: our
 * Message-ID names it (when the address is that contact's: a Message-ID alone does not move a
 * bounce to someone else); else the address's latest message. Null where none is found.
 */
export async function recipientsOf(db: Db, bounces: ReportedBounce[]): Promise<(PlacedReport | null)[]> {
  if (bounces.length === 0) return [];
  const named = bounces.map((bounce) => {
    const match = /<send-(\d{1,10})\.contact-(\d{1,10})(?:\.[0-9a-f]{16})?@/.exec(bounce.messageId ?? '');
    const ids = match ? [Number(match[1]), Number(match[2])] : null;
    return ids && ids.every((id) => id <= MAX_ID) ? ids : [null, null];
  });
  const rows = await db.query<{ i: number; sendId: number | null; contactId: number | null; owner: number | null; email: string | null }>(
    `WITH x AS (
       SELECT * FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS x(email, send_id, contact_id, i)
     ), named AS (
       SELECT x.i, x.send_id, x.contact_id FROM x JOIN grp_rcp c ON c.id = x.contact_id AND lower(c.email) = lower(x.email)
     ), wanted AS (
       SELECT DISTINCT lower(x.email) AS email FROM x LEFT JOIN named n ON n.i = x.i WHERE n.i IS NULL
     ), latest AS (
       SELECT DISTINCT ON (w.email) w.email, r.send_id, r.contact_id
       FROM wanted w JOIN grp_rcp c ON lower(c.email) = w.email
       JOIN mail_recipient r ON r.contact_id = c.id AND r.status = 'sent'
       ORDER BY w.email, r.sent_at DESC NULLS LAST, r.send_id DESC
     )
     SELECT x.i::int AS i, coalesce(n.send_id, l.send_id) AS "sendId", coalesce(n.contact_id, l.contact_id) AS "contactId",
       s.user_id AS owner, c.email
     FROM x LEFT JOIN named n ON n.i = x.i LEFT JOIN latest l ON n.i IS NULL AND l.email = lower(x.email)
     LEFT JOIN mail_send s ON s.id = coalesce(n.send_id, l.send_id)
     LEFT JOIN grp_rcp c ON c.id = coalesce(n.contact_id, l.contact_id)`,
    [bounces.map((b) => b.email), named.map((ids) => ids[0]), named.map((ids) => ids[1])],
  );
  const refs: (PlacedReport | null)[] = bounces.map(() => null);
  for (const row of rows) {
    if (row.sendId !== null && row.contactId !== null && row.owner !== null && row.email !== null) {
      refs[row.i - 1] = { sendId: row.sendId, contactId: row.contactId, owner: row.owner, email: row.email };
    }
  }
  return refs;
}

/**
 * Records complaints (a recipient marked a message as spam, as a service reports it): each
 * address enters the suppression list of its send's owner, reason `plainte`, in one statement
 * (docs/architecture.md, «Suppression list»). Its list's contact keeps its state: the
 * suppression is what no send passes, and its consent events say `exclu`. Answers how many.
 */
export async function recordComplaints(db: Db, complaints: PlacedReport[]): Promise<number> {
  if (complaints.length === 0) return 0;
  await mailContacts().suppressAddresses(
    db,
    complaints.map((complaint) => complaint.owner),
    complaints.map((complaint) => complaint.email),
    'plainte',
  );
  return complaints.length;
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
