import type { Queryable } from '../../db/db';
import type { Step } from './resource';

/**
 * Writes the automation's steps in order: a step with an id keeps its row (and what it already
 * sent), one without gets a new row, and rows no longer listed are marked removed (their
 * messages stay in the figures' history). Answers the steps with their ids, as stored.
 */
export async function syncSteps(tx: Queryable, automationId: number, steps: Step[]): Promise<Step[]> {
  const normalised = steps.map((step) => ({ ...step, window: step.window ?? null, condition: step.condition ?? 'toujours', segment: step.segment ?? null }));
  const kept = normalised.flatMap((step) => (step.id ? [step.id] : []));
  await tx.query(`UPDATE automation_step SET removed = true WHERE automation_id = $1 AND NOT (id = ANY($2::int[]))`, [automationId, kept]);
  const stored: Step[] = [];
  for (const [position, step] of normalised.entries()) {
    const values = [automationId, position, step.delivery, step.delayMinutes, step.window === null ? null : JSON.stringify(step.window), step.condition, step.segment];
    const [row] = step.id
      ? await tx.query<{ id: number }>(
          `UPDATE automation_step SET position = $2, delivery_id = $3, delay_minutes = $4, "window" = $5, condition = $6, segment_id = $7, removed = false
           WHERE automation_id = $1 AND id = $8 RETURNING id`,
          [...values, step.id],
        )
      : await tx.query<{ id: number }>(
          `INSERT INTO automation_step (automation_id, position, delivery_id, delay_minutes, "window", condition, segment_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          values,
        );
    if (!row) return Promise.reject(Object.assign(new Error('unknown step'), { stepIndex: position }));
    stored.push({
      id: row.id,
      delivery: step.delivery,
      delayMinutes: step.delayMinutes,
      window: step.window,
      condition: step.condition,
      ...(step.segment === null ? {} : { segment: step.segment }),
    });
  }
  return stored;
}

/** Intake rows one statement turns into entries: up to 4,000 contacts on PostgreSQL, 1,000 embedded. */
const INTAKE_ROWS = 4;

/**
 * Turns waiting intake rows (a statement that added many contacts to a list with a live
 * automation: migration 1200_2) into their entries, entered when their statement ran; answers
 * how many entries were written. Each statement deletes the rows it takes and writes their
 * entries at once, so that nothing is taken twice or lost, whatever runs at the same time; the
 * unique (automation, contact, entry) key skips a contact whose entry its state change wrote
 * already. The runner takes every automation's rows, skipping those another process holds;
 * a read of one automation's figures (`automationId`) waits for them instead, so that what it
 * counts includes every contact that entered before it.
 */
export async function takeIntake(db: Queryable, automationId: number | null = null): Promise<number> {
  let written = 0;
  for (;;) {
    const [row] = await db.query<{ taken: number; written: number }>(
      `WITH taken AS (
         DELETE FROM automation_intake WHERE id IN (
           SELECT id FROM automation_intake WHERE $1::int IS NULL OR automation_id = $1
           ORDER BY id LIMIT ${INTAKE_ROWS} FOR UPDATE ${automationId === null ? 'SKIP LOCKED' : ''})
         RETURNING automation_id, contact_ids, at
       ), entered AS (
         INSERT INTO automation_entry (automation_id, grp_rcp_id, entry_no, entered_at, due_at)
         SELECT t.automation_id, c, 1, t.at, t.at FROM taken t, unnest(t.contact_ids) AS c
         ON CONFLICT DO NOTHING RETURNING 1
       )
       SELECT (SELECT count(*) FROM taken)::int AS taken, (SELECT count(*) FROM entered)::int AS written`,
      [automationId],
    );
    written += row.written;
    if (row.taken < INTAKE_ROWS) return written;
  }
}

/** Active contacts of the list who would enter if they were let in now (the policy counted). */
const WOULD_ENTER = `
  FROM grp_rcp c, automation a
  WHERE a.id = $1 AND c.grp_id = a.grp_id AND c.status = 'actif'
    AND NOT EXISTS (SELECT 1 FROM automation_entry e WHERE e.automation_id = a.id AND e.grp_rcp_id = c.id
                    AND (e.state = 'en cours' OR a.entry = 'une fois'))`;

export async function countWouldEnter(db: Queryable, automationId: number): Promise<number> {
  await takeIntake(db, automationId);
  const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count ${WOULD_ENTER}`, [automationId]);
  return row.count;
}

/** Lets in the list's active contacts (the operator asked for it at activation). */
export async function enterExisting(tx: Queryable, automationId: number): Promise<number> {
  await takeIntake(tx, automationId);
  const rows = await tx.query(
    `INSERT INTO automation_entry (automation_id, grp_rcp_id, entry_no)
     SELECT a.id, c.id, coalesce((SELECT max(e.entry_no) FROM automation_entry e WHERE e.automation_id = a.id AND e.grp_rcp_id = c.id), 0) + 1
     ${WOULD_ENTER}
     ON CONFLICT DO NOTHING RETURNING 1`,
    [automationId],
  );
  return rows.length;
}

export interface StepFigures {
  waiting: number;
  sent: number;
  failed: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  skipped: number;
}

const ZERO: StepFigures = { waiting: 0, sent: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0, skipped: 0 };

/**
 * Per step, from the database: what its messages became (their mail_recipient rows: sent,
 * failed, opened, clicked, unsubscribed), what its condition skipped, and the entries still on
 * their way to it (in progress, not yet past it).
 */
export async function stepFigures(db: Queryable, automationId: number): Promise<Map<number, StepFigures>> {
  await takeIntake(db, automationId);
  const done = await db.query<StepFigures & { stepId: number }>(
    `SELECT m.step_id AS "stepId",
       count(*) FILTER (WHERE r.status = 'sent')::int AS sent,
       count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
       count(r.opened_at)::int AS opened,
       count(r.clicked_at)::int AS clicked,
       count(r.unsubscribed_at)::int AS unsubscribed,
       count(*) FILTER (WHERE m.status = 'skipped')::int AS skipped,
       count(*) FILTER (WHERE r.status IN ('pending', 'sending'))::int AS waiting
     FROM automation_message m LEFT JOIN mail_recipient r ON r.id = m.recipient_id
     WHERE m.automation_id = $1 GROUP BY m.step_id`,
    [automationId],
  );
  const waiting = await db.query<{ stepId: number; waiting: number }>(
    `SELECT s.id AS "stepId", count(e.id)::int AS waiting
     FROM automation_step s JOIN automation_entry e ON e.automation_id = s.automation_id AND e.state = 'en cours'
     WHERE s.automation_id = $1 AND NOT s.removed
       AND NOT EXISTS (SELECT 1 FROM automation_message m WHERE m.entry_id = e.id AND m.step_id = s.id)
     GROUP BY s.id`,
    [automationId],
  );
  const figures = new Map<number, StepFigures>();
  for (const row of done) figures.set(row.stepId, { ...ZERO, ...row });
  for (const row of waiting) {
    const current = figures.get(row.stepId) ?? { ...ZERO };
    figures.set(row.stepId, { ...current, waiting: current.waiting + row.waiting });
  }
  for (const value of figures.values()) delete (value as Partial<{ stepId: number }>).stepId;
  return figures;
}

export const zeroFigures = (): StepFigures => ({ ...ZERO });

export interface TimelineEvent {
  type: 'entré' | 'prévu' | 'envoyé' | 'en file' | 'échoué' | 'ignoré' | 'ouvert' | 'cliqué' | 'sorti' | 'terminé';
  at: string | null;
  step: number | null;
}

/** A contact's way through an automation: each entry, and per step what happened when. */
export async function contactTimeline(db: Queryable, automationId: number, contactId: number) {
  await takeIntake(db, automationId);
  const entries = await db.query<{ id: number; entry: number; enteredAt: string; state: string; dueAt: string; leftAt: string | null }>(
    `SELECT id, entry_no AS entry, entered_at AS "enteredAt", state, due_at AS "dueAt", left_at AS "leftAt"
     FROM automation_entry WHERE automation_id = $1 AND grp_rcp_id = $2 ORDER BY entry_no`,
    [automationId, contactId],
  );
  const steps = await db.query<{ id: number; position: number }>(
    'SELECT id, position FROM automation_step WHERE automation_id = $1 AND NOT removed ORDER BY position',
    [automationId],
  );
  const positionOf = new Map(steps.map((step) => [step.id, step.position + 1]));
  const messages = await db.query<{
    entryId: number;
    stepId: number;
    status: string;
    at: string;
    recipientStatus: string | null;
    sentAt: string | null;
    openedAt: string | null;
    clickedAt: string | null;
  }>(
    `SELECT m.entry_id AS "entryId", m.step_id AS "stepId", m.status, m.at, r.status AS "recipientStatus",
       r.sent_at AS "sentAt", r.opened_at AS "openedAt", r.clicked_at AS "clickedAt"
     FROM automation_message m LEFT JOIN mail_recipient r ON r.id = m.recipient_id
     WHERE m.automation_id = $1 AND m.grp_rcp_id = $2 ORDER BY m.at, m.id`,
    [automationId, contactId],
  );
  return entries.map((entry) => {
    const events: TimelineEvent[] = [{ type: 'entré', at: entry.enteredAt, step: null }];
    for (const message of messages.filter((m) => m.entryId === entry.id)) {
      const step = positionOf.get(message.stepId) ?? null;
      if (message.status === 'skipped') events.push({ type: 'ignoré', at: message.at, step });
      else if (message.recipientStatus === 'sent') events.push({ type: 'envoyé', at: message.sentAt ?? message.at, step });
      else if (message.recipientStatus === 'failed') events.push({ type: 'échoué', at: message.at, step });
      else events.push({ type: 'en file', at: message.at, step });
      if (message.openedAt) events.push({ type: 'ouvert', at: message.openedAt, step });
      if (message.clickedAt) events.push({ type: 'cliqué', at: message.clickedAt, step });
    }
    if (entry.state === 'en cours') {
      const next = steps.find((s) => !messages.some((m) => m.entryId === entry.id && m.stepId === s.id));
      if (next) events.push({ type: 'prévu', at: entry.dueAt, step: next.position + 1 });
    } else if (entry.state === 'sorti') events.push({ type: 'sorti', at: entry.leftAt, step: null });
    else events.push({ type: 'terminé', at: null, step: null });
    return { entry: entry.entry, enteredAt: entry.enteredAt, state: entry.state, events };
  });
}
