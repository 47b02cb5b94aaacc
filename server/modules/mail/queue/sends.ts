import type { Db, Queryable, Row } from '../../../db/db';
import { refreshStatistics } from '../../../db/statistics';
import { conflict } from '../../../shared/errors';
import { toItem, type ResourceDef } from '../../../shared/hydra';
import { mailContacts } from '../contacts';
import { mailSegments } from '../segments';
import { sendableContent, type SendContent } from '../compose';
import { emitEventSql } from '../../webhooks';

/** The `envoi.terminé` webhook event of the sends a CTE named `done` answers (docs/architecture.md, «Webhooks»). */
const SEND_FINISHED_EVENT = emitEventSql(
  'envoi.terminé',
  `jsonb_build_object('sendId', done.id, 'deliveryId', done.delivery_id, 'listId', done.grp_id, 'total', done.total,
    'sent', done.sent, 'failed', done.failed, 'skipped', done.skipped, 'cancelled', done.cancelled)`,
);

/** A send of a delivery's version to a list; its recipients are rows of mail_recipient. */
export const sendResource: ResourceDef = {
  type: 'Send',
  path: 'sends',
  table: 'mail_send',
  fields: {
    id: { column: 'id', kind: 'int' },
    delivery: { column: 'delivery_id', kind: 'int' },
    list: { column: 'grp_id', kind: 'int' },
    // Issue 37: a send to a segment (its list, or none when the segment spans every list).
    segment: { column: 'segment_id', kind: 'int' },
    user: { column: 'user_id', kind: 'int' },
    version: { column: 'version', kind: 'int' },
    label: { column: 'label', kind: 'text' },
    listSubject: { column: 'list_subject', kind: 'text' },
    status: { column: 'status', kind: 'text' },
    sendAt: { column: 'send_at', kind: 'timestamp' },
    schedule: { column: 'schedule_id', kind: 'int' },
    total: { column: 'total', kind: 'int' },
    created: { column: 'created', kind: 'timestamp' },
    finishedAt: { column: 'finished_at', kind: 'timestamp' },
    sent: { column: 'sent', kind: 'int' },
    failed: { column: 'failed', kind: 'int' },
    skipped: { column: 'skipped', kind: 'int' },
    cancelled: { column: 'cancelled', kind: 'int' },
    bounced: { column: 'bounced', kind: 'int' },
    opened: { column: 'opened', kind: 'int' },
    clicked: { column: 'clicked', kind: 'int' },
    unsubscribed: { column: 'unsubscribed', kind: 'int' },
  },
  filters: ['id', 'delivery', 'list', 'segment', 'user', 'status', 'schedule'],
  orderable: ['id', 'created', 'sendAt'],
  owner: 'user',
  defaultOrder: { field: 'id', direction: 'desc' },
};

export type SendStatus = 'scheduled' | 'running' | 'paused' | 'cancelled' | 'completed';

export interface NewSend {
  deliveryId: number;
  /** The list; null for a segment over every list of its owner. */
  listId: number | null;
  /** The segment it targets: its contacts are read when the send starts (issue 37). */
  segmentId?: number | null;
  userId: number;
  version: number;
  label: string;
  listSubject: string;
  content: SendContent;
}

export interface SendPlan {
  /** When it goes: it waits as 'scheduled' until then. */
  sendAt?: string;
  /** The schedule occurrence it is: one send at most per (schedule, occurrence). */
  scheduleId?: number;
  occurrenceAt?: string;
}

export interface CreatedSend {
  id: number;
  total: number;
  status: SendStatus;
  sendAt: string | null;
}

/**
 * Records a send in one transaction; `sendAt` plans it (status 'scheduled'), else its recipients
 * are queued now. Its content is made sendable first (the AMP part judged in its thread, which
 * the transaction does not wait for).
 */
export async function createSend(db: Db, send: NewSend, plan: SendPlan = {}): Promise<CreatedSend | null> {
  const sendable = { ...send, content: await sendableContent(send.content) };
  const created = await db.transaction((tx) => insertSend(tx, sendable, plan));
  if (created) await refreshStatistics(db, ['mail_recipient'], created.total);
  return created;
}

/** createSend's work, inside the caller's transaction, its content already sendable (sendableContent); null when the occurrence was already made. */
export async function insertSend(tx: Queryable, send: NewSend, plan: SendPlan): Promise<CreatedSend | null> {
  const [created] = await tx.query<{ id: number; sendAt: string | null }>(
    `INSERT INTO mail_send (delivery_id, grp_id, user_id, version, label, list_subject, content, status, send_at, schedule_id, occurrence_at, segment_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::timestamptz IS NULL THEN 'running' ELSE 'scheduled' END, $8, $9, $10, $11)
     ON CONFLICT (schedule_id, occurrence_at) DO NOTHING
     RETURNING id, send_at AS "sendAt"`,
    [
      send.deliveryId,
      send.listId,
      send.userId,
      send.version,
      send.label,
      send.listSubject,
      JSON.stringify(send.content),
      plan.sendAt ?? null,
      plan.scheduleId ?? null,
      plan.occurrenceAt ?? null,
      send.segmentId ?? null,
    ],
  );
  // This occurrence of the schedule was already made (by another process).
  if (!created) return null;
  if (plan.sendAt) return { id: created.id, total: 0, status: 'scheduled' as const, sendAt: created.sendAt };
  const { total, status } = await queueRecipients(tx, created.id, send.listId, send.segmentId ?? null);
  return { id: created.id, total, status, sendAt: null };
}

/** The id of a send about to be made, drawn first so that rows naming it can be written before it. */
export async function drawSendId(tx: Queryable): Promise<number> {
  const [{ id }] = await tx.query<{ id: number }>(`SELECT nextval('mail_send_id_seq')::int AS id`);
  return id;
}

/** An automation step's send: its id (`drawSendId`) and its step. */
export interface StepSend extends NewSend {
  id: number;
  stepId: number;
}

/**
 * Records a step's send, running, with its recipients (their ids drawn by the caller from
 * `mail_recipient_id_seq`, in the rows that name them), inside the caller's transaction. Its
 * content passes the same AMP rule as every send's; the worker's claim skips the contacts who
 * left since.
 */
export async function insertStepSend(tx: Queryable, send: StepSend, recipients: { id: number; contactId: number }[]): Promise<void> {
  await tx.query(
    `INSERT INTO mail_send (id, delivery_id, grp_id, user_id, version, label, list_subject, content, status, total, automation_step_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'running', $9, $10)`,
    [send.id, send.deliveryId, send.listId, send.userId, send.version, send.label, send.listSubject, JSON.stringify(await sendableContent(send.content)), recipients.length, send.stepId],
  );
  await tx.query(`INSERT INTO mail_recipient (id, send_id, contact_id) SELECT r, $1, c FROM unnest($2::bigint[], $3::int[]) AS x(r, c)`, [
    send.id,
    recipients.map((recipient) => recipient.id),
    recipients.map((recipient) => recipient.contactId),
  ]);
}

/**
 * Queues one row per active contact of the list, or of the segment as it is now (issue 37: its
 * rules are evaluated when the send starts), and starts the send (completed at once when there
 * are none). Suppressed and unsubscribed addresses are left out either way.
 */
async function queueRecipients(tx: Queryable, sendId: number, listId: number | null, segmentId: number | null): Promise<{ total: number; status: SendStatus }> {
  const target =
    segmentId !== null
      ? await mailSegments().recipients(tx, segmentId, 2)
      : { sql: mailContacts().mailableContactIds('$2'), params: [listId] };
  const [{ total }] = await tx.query<{ total: number }>(
    `WITH queued AS (
       INSERT INTO mail_recipient (send_id, contact_id)
       SELECT $1, id FROM (${target.sql}) mailable
       RETURNING 1
     ) SELECT count(*)::int AS total FROM queued`,
    [sendId, ...target.params],
  );
  const [row] = await tx.query<{ status: SendStatus }>(
    `WITH done AS (
       UPDATE mail_send SET total = $2,
         status = CASE WHEN $2 = 0 THEN 'completed' ELSE 'running' END,
         finished_at = CASE WHEN $2 = 0 THEN now() END
       WHERE id = $1 RETURNING *
     )
     SELECT status, CASE WHEN status = 'completed' THEN ${SEND_FINISHED_EVENT} END AS queued FROM done`,
    [sendId, total],
  );
  return { total, status: row.status };
}

/**
 * Starts the planned sends that are due: their recipients are the list's active contacts at
 * that moment. Each is taken under a row lock others skip, and leaves 'scheduled' in the same
 * transaction, so it starts once whichever process gets it. Answers how many started.
 */
export async function startDue(db: Db, limit = 20): Promise<number> {
  const started = await db.transaction(async (tx) => {
    const due = await tx.query<{ id: number; listId: number | null; segmentId: number | null }>(
      `SELECT id, grp_id AS "listId", segment_id AS "segmentId" FROM mail_send WHERE status = 'scheduled' AND send_at <= now()
       ORDER BY send_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    let queued = 0;
    for (const send of due) queued += (await queueRecipients(tx, send.id, send.listId, send.segmentId)).total;
    return { started: due.length, queued };
  });
  await refreshStatistics(db, ['mail_recipient'], started.queued);
  return started.started;
}

/** Moves a planned send to another time; a send no longer planned is a 409. */
export async function reschedule(db: Queryable, sendId: number, sendAt: string): Promise<void> {
  const changed = await db.query(
    `UPDATE mail_send SET send_at = $2 WHERE id = $1 AND status = 'scheduled' RETURNING id`,
    [sendId, sendAt],
  );
  if (changed.length === 0) throw conflict("Cet envoi n'est plus planifié : son heure ne peut plus changer.", 'sendAt');
}

/** Marks completed the running sends among these that have nothing left to send. */
export async function completeFinished(db: Queryable, sendIds: number[]): Promise<void> {
  if (sendIds.length === 0) return;
  // One statement, so that the send and its webhook event are recorded together.
  await db.query(
    `WITH done AS (
       UPDATE mail_send s SET status = 'completed', finished_at = now()
       WHERE s.id = ANY($1::int[]) AND s.status = 'running'
         AND s.sent + s.failed + s.skipped + s.cancelled >= s.total
       RETURNING s.*
     )
     SELECT count(${SEND_FINISHED_EVENT}) AS queued FROM done`,
    [sendIds],
  );
}

/**
 * Send items with their progress, read from the counters the database keeps with the work
 * (O(1) per send); `failures` (e-mail and reason) when asked for one send.
 */
export async function withProgress(db: Queryable, rows: Row[], failures = false) {
  return Promise.all(
    rows.map(async (row) => {
      const item = toItem(sendResource, row);
      const done = ['sent', 'failed', 'skipped', 'cancelled'].reduce((sum, key) => sum + Number(row[key] ?? 0), 0);
      return {
        ...item,
        pending: Math.max(0, Number(row.total) - done),
        ...(failures
          ? { failures: await failuresOf(db, Number(row.id)), bounces: await bouncesOf(db, Number(row.id)) }
          : {}),
      };
    }),
  );
}

/** The recipients that failed, with the server's reason (the first hundred). */
export function failuresOf(db: Queryable, sendId: number) {
  return db.query<{ email: string; reason: string; at: string }>(
    `SELECT c.email, coalesce(r.last_error, '') AS reason, r.updated_at AS at
     FROM mail_recipient r JOIN grp_rcp c ON c.id = r.contact_id
     WHERE r.send_id = $1 AND r.status = 'failed' ORDER BY r.id LIMIT 100`,
    [sendId],
  );
}

/** The bounces the send's messages came back with, latest first (the first hundred). */
export function bouncesOf(db: Queryable, sendId: number) {
  return db.query<{ email: string; kind: string; status: string; reason: string; source: string; rejected: boolean; at: string }>(
    `SELECT email, kind, status, diagnostic AS reason, source, rejected, received_at AS at
     FROM mail_bounce WHERE send_id = $1 ORDER BY id DESC LIMIT 100`,
    [sendId],
  );
}

export type SendAction = 'pause' | 'resume' | 'cancel';

const TRANSITIONS: Record<SendAction, { from: SendStatus[]; to: SendStatus }> = {
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  cancel: { from: ['scheduled', 'running', 'paused'], to: 'cancelled' },
};

/** Pauses, resumes or cancels a send; a send not in a state that allows it is a 409. */
export async function changeStatus(db: Db, sendId: number, action: SendAction): Promise<void> {
  const { from, to } = TRANSITIONS[action];
  await db.transaction(async (tx) => {
    // Recipients before their send, as a worker locks them (its claim, then the counters'
    // trigger on the send): the other order deadlocked with a claim on PostgreSQL. Pausing
    // takes them too: a claim holding some commits first, so that what it took shows as in
    // flight ('sending') once the pause has answered.
    if (to === 'cancelled' || to === 'paused') {
      await tx.query(`SELECT id FROM mail_recipient WHERE send_id = $1 AND status = 'pending' FOR UPDATE`, [sendId]);
    }
    const changed = await tx.query(
      `UPDATE mail_send SET status = $2, finished_at = CASE WHEN $2 = 'cancelled' THEN now() ELSE finished_at END
       WHERE id = $1 AND status = ANY($3::text[]) RETURNING id`,
      [sendId, to, from],
    );
    if (changed.length === 0) throw conflict(`Cet envoi ne peut pas passer à l'état '${to}'.`, 'status');
    if (to === 'cancelled') await cancelPending(tx, [sendId]);
  });
  // Everything may have gone out while it was paused.
  if (to === 'running') await completeFinished(db, [sendId]);
}

/** The recipients still waiting in cancelled sends will not be sent. */
export async function cancelPending(db: Queryable, sendIds: number[]): Promise<void> {
  await db.query(
    `UPDATE mail_recipient SET status = 'cancelled', updated_at = now()
     WHERE send_id = ANY($1::int[]) AND status = 'pending'
       AND send_id IN (SELECT id FROM mail_send WHERE status = 'cancelled')`,
    [sendIds],
  );
}
