import type { Queryable } from '../../../db/db';
import { compileContent, resolveVideoBlocks, type SendContent, type VideoBlock } from '../compose';

/**
 * Where a send goes, as "dernier envoi" reads it: a list, or a segment (of one list, or of all
 * the owner's lists: no list); the lookup matches both.
 */
export interface SendTarget {
  deliveryId: number;
  listId: number | null;
  segmentId?: number | null;
}

/**
 * When the delivery was last sent to the target, by hand or scheduled (a send cancelled
 * before any message left does not count); null before its first send. Read on mail_send
 * (`mail_send_previous`), an automation step's sends aside.
 */
export async function previousSendAt(db: Queryable, target: SendTarget): Promise<Date | null> {
  const [row] = await db.query<{ created: string }>(
    `SELECT created FROM mail_send
     WHERE delivery_id = $1 AND grp_id IS NOT DISTINCT FROM $2::int AND segment_id IS NOT DISTINCT FROM $3::int
       AND automation_step_id IS NULL AND NOT (status = 'cancelled' AND sent = 0)
     ORDER BY created DESC LIMIT 1`,
    [target.deliveryId, target.listId, target.segmentId ?? null],
  );
  return row ? new Date(row.created) : null;
}

export interface VideosOptions {
  /** The delivery and list the send is for; absent (an unsaved draft's preview): the last 7 days. */
  target?: SendTarget | null;
  publicUrl: string;
  timezone?: string;
  now?: Date;
}

/**
 * The content with the videos its blocks show for this send (docs/templates.md, «Videos»):
 * decided once, when the send is made, and kept in its content. Answers the blocks too.
 */
export async function withVideos(
  db: Queryable,
  content: SendContent,
  options: VideosOptions,
): Promise<{ content: SendContent; blocks: VideoBlock[] }> {
  const blocks = compileContent(content).videoBlocks;
  if (blocks.length === 0) return { content, blocks };
  const lastSentAt = options.target ? await previousSendAt(db, options.target) : null;
  const videos = await resolveVideoBlocks(db, blocks, {
    lastSentAt,
    now: options.now ?? new Date(),
    publicUrl: options.publicUrl,
    lang: content.lang,
    timezone: options.timezone,
  });
  return { content: { ...content, videos }, blocks };
}

/** A schedule's occurrence that made no send, and why (`GET /api/schedules/{id}` lists it); once per occurrence. */
export async function recordSkippedOccurrence(tx: Queryable, scheduleId: number, occurrenceAt: string, reason: string): Promise<void> {
  await tx.query(
    `INSERT INTO mail_schedule_skip (schedule_id, occurrence_at, reason) VALUES ($1, $2, $3)
     ON CONFLICT (schedule_id, occurrence_at) DO NOTHING`,
    [scheduleId, occurrenceAt, reason],
  );
}
