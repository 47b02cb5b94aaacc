import type { Db, Queryable } from '../../../db/db';
import type { ResourceDef } from '../../../shared/hydra';
import type { DeliveryRow } from '../../deliveries';
import { HttpError } from '../../../shared/errors';
import { contentOf, hasBody, nothingNew, sendableContent } from '../compose';
import { nextOccurrence, type Frequency } from './occurrences';
import { insertSend, recordSkippedOccurrence, withVideos } from '../queue';

/** Why an occurrence whose videos blocks have nothing since the previous send was not sent. */
export const NOTHING_NEW = 'rien de nouveau';

/** What firing a schedule needs to decide its videos blocks' videos (compose/videos.ts). */
export interface FireOptions {
  publicUrl: string;
  timezone?: string;
}

/** A template's planned sends to a list (Diffusion's frequency and first date). */
export const scheduleResource: ResourceDef = {
  type: 'Schedule',
  path: 'schedules',
  table: 'mail_schedule',
  fields: {
    id: { column: 'id', kind: 'int' },
    delivery: { column: 'delivery_id', kind: 'int' },
    list: { column: 'grp_id', kind: 'int' },
    segment: { column: 'segment_id', kind: 'int' },
    user: { column: 'user_id', kind: 'int' },
    frequency: { column: 'frequency', kind: 'text' },
    firstAt: { column: 'first_at', kind: 'timestamp' },
    timezone: { column: 'timezone', kind: 'text' },
    nextAt: { column: 'next_at', kind: 'timestamp' },
    active: { column: 'active', kind: 'int' },
    lastError: { column: 'last_error', kind: 'text' },
    created: { column: 'created', kind: 'timestamp' },
  },
  filters: ['id', 'delivery', 'list', 'user', 'active'],
  orderable: ['id', 'nextAt', 'created'],
  owner: 'user',
  defaultOrder: { field: 'nextAt', direction: 'asc' },
};

export interface NewSchedule {
  deliveryId: number;
  listId: number | null;
  /** A segment in place of the list, evaluated at each occurrence (issue 37). */
  segmentId?: number | null;
  userId: number;
  frequency: Frequency;
  firstAt: Date;
  timezone: string;
}

/**
 * Plans a template's sends, replacing the plan it had: a template has at most one. `alongside`
 * runs in the same transaction (the route records the template's frequency and list with it).
 */
export async function saveSchedule(db: Db, schedule: NewSchedule, alongside?: (tx: Queryable) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    await alongside?.(tx);
    await tx.query('UPDATE mail_schedule SET active = 0 WHERE delivery_id = $1 AND active = 1', [schedule.deliveryId]);
    const next = nextOccurrence(schedule.firstAt, schedule.frequency, new Date(), schedule.timezone);
    const [{ id }] = await tx.query<{ id: number }>(
      `INSERT INTO mail_schedule (delivery_id, grp_id, user_id, frequency, first_at, timezone, next_at, active, segment_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7::timestamptz IS NULL THEN 0 ELSE 1 END, $8) RETURNING id`,
      [
        schedule.deliveryId,
        schedule.listId,
        schedule.userId,
        schedule.frequency,
        schedule.firstAt.toISOString(),
        schedule.timezone,
        next?.toISOString() ?? null,
        schedule.segmentId ?? null,
      ],
    );
    return id;
  });
}

/** 'Aucune': the template is sent by hand only. */
export async function stopSchedule(db: Queryable, deliveryId: number): Promise<void> {
  await db.query('UPDATE mail_schedule SET active = 0 WHERE delivery_id = $1 AND active = 1', [deliveryId]);
}

interface DueSchedule {
  id: number;
  deliveryId: number;
  listId: number | null;
  segmentId: number | null;
  userId: number;
  frequency: Frequency;
  firstAt: string;
  timezone: string;
  nextAt: string;
}

/** The template's latest published (MEP) version, as it was published. */
async function publishedVersion(db: Queryable, deliveryId: number): Promise<DeliveryRow | null> {
  const [row] = await db.query<{ content: DeliveryRow }>(
    `SELECT v.content FROM delivery_version v JOIN delivery d ON d.id = v.delivery_id
     WHERE v.delivery_id = $1 AND v.published_at IS NOT NULL AND d.actif = 1
     ORDER BY v.version DESC LIMIT 1`,
    [deliveryId],
  );
  return row?.content ?? null;
}

/**
 * Fires the schedules that are due: one send per occurrence of the template's latest MEP
 * version to the list's active contacts. A schedule is taken under a row lock others skip and
 * moves to its next occurrence after now in the same transaction — so occurrences missed while
 * everything was down fire once, not once each — and the send is unique per (schedule,
 * occurrence), so each occurrence fires once across processes and restarts.
 */
export async function fireDueSchedules(db: Db, limit = 10, options: FireOptions = { publicUrl: 'http://localhost' }): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<DueSchedule>(
      `SELECT id, delivery_id AS "deliveryId", grp_id AS "listId", segment_id AS "segmentId", user_id AS "userId", frequency, first_at AS "firstAt", timezone, next_at AS "nextAt"
       FROM mail_schedule WHERE active = 1 AND next_at <= now() ORDER BY next_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    let fired = 0;
    for (const schedule of due) {
      const [{ now }] = await tx.query<{ now: string }>('SELECT now() AS now');
      // After now, and after the occurrence being fired (a single send has no other).
      const after = new Date(Math.max(new Date(now).getTime(), new Date(schedule.nextAt).getTime()));
      const next =
        schedule.frequency === 'unique'
          ? null
          : nextOccurrence(new Date(schedule.firstAt), schedule.frequency, after, schedule.timezone);
      const error = await fire(tx, schedule, options);
      if (!error) fired += 1;
      else await recordSkippedOccurrence(tx, schedule.id, schedule.nextAt, error);
      await tx.query('UPDATE mail_schedule SET next_at = $2, active = CASE WHEN $2::timestamptz IS NULL THEN 0 ELSE 1 END, last_error = $3 WHERE id = $1', [
        schedule.id,
        next?.toISOString() ?? null,
        error,
      ]);
    }
    return fired;
  });
}

/** Makes the send of one occurrence; answers why it could not (kept on the schedule), or null. */
async function fire(tx: Queryable, schedule: DueSchedule, options: FireOptions): Promise<string | null> {
  const version = await publishedVersion(tx, schedule.deliveryId);
  if (!version) return "Aucune version du modèle n'est en production (MEP).";
  const drafted = contentOf(version);
  if (!hasBody(drafted)) return "La version en production n'a aucun contenu à envoyer.";
  let list: { subject: string; user: number; actif: number } | undefined;
  if (schedule.listId !== null) {
    [list] = await tx.query<{ subject: string; user: number; actif: number }>('SELECT subject, user_id AS "user", actif FROM grp WHERE id = $1', [schedule.listId]);
    if (!list || list.actif === 0) return 'La liste est supprimée.';
  }
  let subject = list?.subject ?? '';
  if (schedule.segmentId !== null) {
    const [segment] = await tx.query<{ name: string }>('SELECT name FROM segment WHERE id = $1', [schedule.segmentId]);
    if (!segment) return 'Le segment est supprimé.';
    subject = segment.name;
  }
  let content;
  try {
    const target = { deliveryId: schedule.deliveryId, listId: schedule.listId, segmentId: schedule.segmentId };
    const decided = await withVideos(tx, drafted, { ...options, target });
    // A videos block with nothing new since the delivery's previous send to the list: nothing is sent.
    if (nothingNew(decided.blocks, decided.content.videos ?? {})) return NOTHING_NEW;
    content = decided.content;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
  await insertSend(
    tx,
    {
      deliveryId: schedule.deliveryId,
      listId: schedule.listId,
      segmentId: schedule.segmentId,
      userId: list?.user ?? schedule.userId,
      version: version.version,
      label: version.label || version.internalname,
      listSubject: subject,
      content: await sendableContent(content),
    },
    { scheduleId: schedule.id, occurrenceAt: schedule.nextAt },
  );
  return null;
}

/** One occurrence of a schedule: the send it made, or why it made none. */
export interface ScheduleOccurrence {
  occurrenceAt: string;
  status: 'sent' | 'skipped';
  /** Why it was skipped ("rien de nouveau", a missing version…); null when sent. */
  reason: string | null;
  /** The send it made (`/api/sends/{id}`); null when skipped. */
  send: string | null;
}

/** A schedule's occurrences so far, latest first: its sends and its skipped occurrences (the latest 200). */
export async function occurrencesOf(db: Queryable, scheduleId: number): Promise<ScheduleOccurrence[]> {
  const rows = await db.query<{ occurrenceAt: string; status: 'sent' | 'skipped'; reason: string | null; sendId: number | null }>(
    `SELECT * FROM (
       SELECT occurrence_at AS "occurrenceAt", 'sent' AS status, NULL::text AS reason, id AS "sendId"
       FROM mail_send WHERE schedule_id = $1 AND occurrence_at IS NOT NULL
       UNION ALL
       SELECT occurrence_at, 'skipped', reason, NULL::int FROM mail_schedule_skip WHERE schedule_id = $1
     ) o ORDER BY "occurrenceAt" DESC LIMIT 200`,
    [scheduleId],
  );
  return rows.map((row) => ({
    occurrenceAt: new Date(row.occurrenceAt).toISOString(),
    status: row.status,
    reason: row.reason,
    send: row.sendId === null ? null : `/api/sends/${row.sendId}`,
  }));
}
