import type { Db, Queryable, Row } from '../../db/db';
import { refreshStatistics } from '../../db/statistics';
import { conflict } from '../../shared/errors';
import { toItem, type ResourceDef } from '../../shared/hydra';
import type { SendContent } from './render';

/** A send of a delivery's version to a list; its recipients are rows of mail_recipient. */
export const sendResource: ResourceDef = {
  type: 'Send',
  path: 'sends',
  table: 'mail_send',
  fields: {
    id: { column: 'id', kind: 'int' },
    delivery: { column: 'delivery_id', kind: 'int' },
    list: { column: 'grp_id', kind: 'int' },
    user: { column: 'user_id', kind: 'int' },
    version: { column: 'version', kind: 'int' },
    label: { column: 'label', kind: 'text' },
    listSubject: { column: 'list_subject', kind: 'text' },
    status: { column: 'status', kind: 'text' },
    total: { column: 'total', kind: 'int' },
    created: { column: 'created', kind: 'timestamp' },
    finishedAt: { column: 'finished_at', kind: 'timestamp' },
  },
  filters: ['id', 'delivery', 'list', 'user', 'status'],
  orderable: ['id', 'created'],
  owner: 'user',
  defaultOrder: { field: 'id', direction: 'desc' },
};

export type SendStatus = 'running' | 'paused' | 'cancelled' | 'completed';

export interface Progress {
  sent: number;
  failed: number;
  /** Not sent yet: waiting, in flight, or waiting for a retry. */
  pending: number;
  /** Unsubscribed between the start of the send and their turn. */
  skipped: number;
  cancelled: number;
}

export interface NewSend {
  deliveryId: number;
  listId: number;
  userId: number;
  version: number;
  label: string;
  listSubject: string;
  content: SendContent;
}

/** Queues one row per active contact of the list, in one transaction, then refreshes the queue's statistics. */
export async function createSend(db: Db, send: NewSend): Promise<{ id: number; total: number; status: SendStatus }> {
  const created = await db.transaction(async (tx) => {
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO mail_send (delivery_id, grp_id, user_id, version, label, list_subject, content)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        send.deliveryId,
        send.listId,
        send.userId,
        send.version,
        send.label,
        send.listSubject,
        JSON.stringify(send.content),
      ],
    );
    const [{ total }] = await tx.query<{ total: number }>(
      `WITH queued AS (
         INSERT INTO mail_recipient (send_id, contact_id)
         SELECT $1, id FROM grp_rcp WHERE grp_id = $2 AND actif = 1 ORDER BY id
         RETURNING 1
       ) SELECT count(*)::int AS total FROM queued`,
      [id, send.listId],
    );
    const [row] = await tx.query<{ status: SendStatus }>(
      `UPDATE mail_send SET total = $2,
         status = CASE WHEN $2 = 0 THEN 'completed' ELSE 'running' END,
         finished_at = CASE WHEN $2 = 0 THEN now() END
       WHERE id = $1 RETURNING status`,
      [id, total],
    );
    return { id, total, status: row.status };
  });
  await refreshStatistics(db, ['mail_recipient'], created.total);
  return created;
}

/** Marks completed the running sends among these that have nothing left to send. */
export async function completeFinished(db: Queryable, sendIds: number[]): Promise<void> {
  if (sendIds.length === 0) return;
  await db.query(
    `UPDATE mail_send s SET status = 'completed', finished_at = now()
     WHERE s.id = ANY($1::int[]) AND s.status = 'running'
       AND NOT EXISTS (SELECT 1 FROM mail_recipient r WHERE r.send_id = s.id AND r.status IN ('pending', 'sending'))`,
    [sendIds],
  );
}

export async function progressOf(db: Queryable, sendIds: number[]): Promise<Map<number, Progress>> {
  const rows = await db.query<Progress & { sendId: number }>(
    `SELECT send_id AS "sendId",
       count(*) FILTER (WHERE status = 'sent')::int AS sent,
       count(*) FILTER (WHERE status = 'failed')::int AS failed,
       count(*) FILTER (WHERE status IN ('pending', 'sending'))::int AS pending,
       count(*) FILTER (WHERE status = 'skipped')::int AS skipped,
       count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
     FROM mail_recipient WHERE send_id = ANY($1::int[]) GROUP BY send_id`,
    [sendIds],
  );
  return new Map(rows.map(({ sendId, ...progress }) => [sendId, progress]));
}

const NO_PROGRESS: Progress = { sent: 0, failed: 0, pending: 0, skipped: 0, cancelled: 0 };

/** Send items with their progress; `failures` (e-mail and reason) when asked for one send. */
export async function withProgress(db: Queryable, rows: Row[], failures = false) {
  const progress = await progressOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  return Promise.all(
    rows.map(async (row) => ({
      ...toItem(sendResource, row),
      ...(progress.get(Number(row.id)) ?? NO_PROGRESS),
      ...(failures ? { failures: await failuresOf(db, Number(row.id)) } : {}),
    })),
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

export type SendAction = 'pause' | 'resume' | 'cancel';

const TRANSITIONS: Record<SendAction, { from: SendStatus[]; to: SendStatus }> = {
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  cancel: { from: ['running', 'paused'], to: 'cancelled' },
};

/** Pauses, resumes or cancels a send; a send not in a state that allows it is a 409. */
export async function changeStatus(db: Db, sendId: number, action: SendAction): Promise<void> {
  const { from, to } = TRANSITIONS[action];
  await db.transaction(async (tx) => {
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
