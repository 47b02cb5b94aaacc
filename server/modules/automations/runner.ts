import type { Db, Queryable } from '../../db/db';
import { BULK_WRITE_ROWS, refreshStatistics } from '../../db/statistics';
import { findItem } from '../../shared/hydra';
import { deliveryResource, type DeliveryRow } from '../deliveries';
import { contentOf, hasBody } from '../mail';
import { drawSendId, insertStepSend, type StepSend } from '../mail';
import { suppressedSql } from '../suppressions';
import { contactsInSegment } from '../segments';
import { takeIntake } from './repository';
import { nextAllowed, type StepWindow } from './schedule';

export type Condition = 'toujours' | 'non ouvert' | 'non cliqué';

interface StepRow {
  id: number;
  automationId: number;
  position: number;
  deliveryId: number;
  delayMinutes: number;
  window: StepWindow | null;
  condition: Condition;
  segmentId: number | null;
}

interface EntryRow {
  id: number;
  automationId: number;
  contactId: number;
  enteredAt: string;
}

interface MessageRow {
  entryId: number;
  stepId: number;
  status: 'queued' | 'skipped';
  at: string;
  recipientId: number | null;
}

export interface RunReport {
  /** Messages queued (mail_recipient rows made). */
  queued: number;
  /** Steps passed by their condition. */
  skipped: number;
  /** Entries that went through their last step. */
  finished: number;
  /** Entries whose contact had left. */
  left: number;
}

export interface RunOptions {
  /** The clock: tests pass theirs, so that delays and windows never make them wait. */
  now?: Date;
  timezone: string;
  /** Entries one transaction takes. */
  batch?: number;
}

/**
 * Moves every automation forward to `now`: each due entry's next steps are queued (a
 * mail_recipient row in a send of its step, through the one mail queue), passed by their
 * condition, or postponed to their delay and window. An entry is taken under a row lock other
 * processes skip, and what a step did for it is written with its unique (step, entry) key in
 * the transaction that queues the message: a process killed mid-way leaves nothing half-done,
 * and no step goes twice to one entry.
 */
export async function runAutomations(db: Db, { now = new Date(), timezone, batch = 2_000 }: RunOptions): Promise<RunReport> {
  const report: RunReport = { queued: 0, skipped: 0, finished: 0, left: 0 };
  // The queue's planner statistics are refreshed as the rows this run queued add up (at the
  // first thousand, then each time they double), not per batch: a batch alone never reached
  // the bulk-write threshold, so a step due for many contacts left the worker's claims
  // planned on a mail_recipient taken for empty.
  let sinceRefresh = 0;
  // Contacts a big statement added are written as entries first (an intake row per statement).
  await refreshStatistics(db, ['automation_entry'], await takeIntake(db));
  for (;;) {
    const { claimed, queued } = await db.transaction(async (tx) => runBatch(tx, now, timezone, batch, report));
    sinceRefresh += queued;
    if (sinceRefresh >= Math.max(BULK_WRITE_ROWS, report.queued - sinceRefresh)) {
      await refreshStatistics(db, ['mail_recipient'], sinceRefresh);
      sinceRefresh = 0;
    }
    if (claimed < batch) return report;
  }
}

async function runBatch(tx: Queryable, now: Date, timezone: string, limit: number, report: RunReport) {
  const entries = await tx.query<EntryRow>(
    `SELECT e.id, e.automation_id AS "automationId", e.grp_rcp_id AS "contactId", e.entered_at AS "enteredAt"
     FROM automation_entry e JOIN automation a ON a.id = e.automation_id
     WHERE e.state = 'en cours' AND e.due_at <= $1 AND a.status = 'active'
     ORDER BY e.due_at, e.id LIMIT $2
     FOR UPDATE OF e SKIP LOCKED`,
    [now.toISOString(), limit],
  );
  if (entries.length === 0) return { claimed: 0, queued: 0 };
  const entryIds = entries.map((entry) => entry.id);
  const automationIds = [...new Set(entries.map((entry) => entry.automationId))];
  const steps = await tx.query<StepRow>(
    `SELECT id, automation_id AS "automationId", position, delivery_id AS "deliveryId", delay_minutes AS "delayMinutes",
       "window", condition, segment_id AS "segmentId"
     FROM automation_step WHERE automation_id = ANY($1::int[]) AND NOT removed ORDER BY automation_id, position, id`,
    [automationIds],
  );
  const contacts = new Map(
    (
      // An address on the owner's suppression list leaves as a contact who left the active state
      // does (docs/architecture.md, «Suppression list»): no step queues it.
      await tx.query<{ id: number; status: string }>(
        `SELECT c.id, CASE WHEN ${suppressedSql('c.user_id', 'c.email')} THEN 'exclu' ELSE c.status END AS status
         FROM grp_rcp c WHERE c.id = ANY($1::int[])`,
        [entries.map((entry) => entry.contactId)],
      )
    ).map((row) => [row.id, row.status]),
  );
  const messages = await tx.query<MessageRow>(
    `SELECT entry_id AS "entryId", step_id AS "stepId", status, at, recipient_id AS "recipientId"
     FROM automation_message WHERE entry_id = ANY($1::bigint[]) ORDER BY at, id`,
    [entryIds],
  );
  const recipientIds = messages.flatMap((message) => (message.recipientId ? [message.recipientId] : []));
  const engagement = new Map(
    (
      await tx.query<{ id: number; opened: boolean; clicked: boolean }>(
        `SELECT id, opened_at IS NOT NULL AS opened, clicked_at IS NOT NULL AS clicked FROM mail_recipient WHERE id = ANY($1::bigint[])`,
        [recipientIds],
      )
    ).map((row) => [row.id, row]),
  );

  // The steps that go to a segment only: which of the batch's contacts are in it now (issue 37).
  const inSegment = new Map<number, Set<number>>();
  for (const segmentId of new Set(steps.flatMap((step) => (step.segmentId === null ? [] : [step.segmentId])))) {
    const ids = entries.filter((entry) => steps.some((step) => step.segmentId === segmentId && step.automationId === entry.automationId)).map((entry) => entry.contactId);
    inSegment.set(segmentId, await contactsInSegment(tx, segmentId, [...new Set(ids)]));
  }

  const stepsOf = new Map<number, StepRow[]>();
  for (const step of steps) stepsOf.set(step.automationId, [...(stepsOf.get(step.automationId) ?? []), step]);
  const messagesOf = new Map<number, MessageRow[]>();
  for (const message of messages) {
    const list = messagesOf.get(message.entryId);
    if (list) list.push(message);
    else messagesOf.set(message.entryId, [message]);
  }

  const nowIso = now.toISOString();
  const decisions: { entryId: number; stepId: number; contactId: number; automationId: number; status: 'queued' | 'skipped' }[] = [];
  const updates: { id: number; state: string; dueAt: string }[] = [];

  for (const entry of entries) {
    if (contacts.get(entry.contactId) !== 'actif') {
      updates.push({ id: entry.id, state: 'sorti', dueAt: nowIso });
      report.left += 1;
      continue;
    }
    const history = messagesOf.get(entry.id) ?? [];
    const done = new Set(history.map((message) => message.stepId));
    let base = history.length ? new Date(history[history.length - 1].at) : new Date(entry.enteredAt);
    let lastQueued = [...history].reverse().find((message) => message.status === 'queued') ?? null;
    let lastQueuedNow = false;
    let next: { state: string; dueAt: string } | null = null;
    for (const step of stepsOf.get(entry.automationId) ?? []) {
      if (done.has(step.id)) continue;
      const target = new Date(base.getTime() + step.delayMinutes * 60_000);
      const due = nextAllowed(target > now ? target : now, step.window, timezone);
      if (due > now) {
        next = { state: 'en cours', dueAt: due.toISOString() };
        break;
      }
      // The condition reads the previous message as it is when the step falls due.
      const seen = lastQueued?.recipientId ? engagement.get(lastQueued.recipientId) : undefined;
      // A message queued in this very run has been neither opened nor clicked.
      const passes =
        (step.condition === 'toujours' || lastQueuedNow || (step.condition === 'non ouvert' ? !seen?.opened : !seen?.clicked)) &&
        (step.segmentId === null || inSegment.get(step.segmentId)?.has(entry.contactId) === true);
      const status = passes ? 'queued' : 'skipped';
      decisions.push({ entryId: entry.id, stepId: step.id, contactId: entry.contactId, automationId: entry.automationId, status });
      done.add(step.id);
      base = now;
      if (passes) {
        lastQueued = { entryId: entry.id, stepId: step.id, status, at: nowIso, recipientId: null };
        lastQueuedNow = true;
      }
    }
    if (!next) {
      updates.push({ id: entry.id, state: 'terminé', dueAt: nowIso });
      report.finished += 1;
    } else updates.push({ id: entry.id, ...next });
  }

  const queued = await record(tx, decisions, nowIso, report);
  if (updates.length > 0) {
    await tx.query(
      `UPDATE automation_entry e SET state = u.state, due_at = u.due_at,
         left_at = CASE WHEN u.state = 'sorti' THEN $4::timestamptz ELSE e.left_at END
       FROM unnest($1::bigint[], $2::text[], $3::timestamptz[]) AS u(id, state, due_at) WHERE e.id = u.id`,
      [updates.map((u) => u.id), updates.map((u) => u.state), updates.map((u) => u.dueAt), nowIso],
    );
  }
  return { claimed: entries.length, queued };
}

/**
 * Writes what the steps did, once per (step, entry), and queues the messages: one send per step
 * and batch, its recipients the contacts the step goes to now, with the delivery as it is now.
 * The send's and the messages' ids are drawn first, so that each row is written once, complete:
 * the automation_message rows name their mail_recipient row from the start (no second pass
 * over them), and the send is made with the count of the messages actually written.
 */
async function record(
  tx: Queryable,
  decisions: { entryId: number; stepId: number; contactId: number; automationId: number; status: 'queued' | 'skipped' }[],
  nowIso: string,
  report: RunReport,
): Promise<number> {
  if (decisions.length === 0) return 0;
  const sends = new Map<number, StepSend | null>();
  for (const decision of decisions) {
    if (decision.status === 'queued' && !sends.has(decision.stepId)) sends.set(decision.stepId, await prepareStepSend(tx, decision.stepId));
  }
  // The delivery can no longer be sent (deleted, or empty): the step is passed, not stuck.
  const sendOf = (decision: (typeof decisions)[number]) => (decision.status === 'queued' ? (sends.get(decision.stepId)?.id ?? null) : null);
  const written = await tx.query<{ stepId: number; contactId: number; status: string; sendId: number | null; recipientId: number | null }>(
    `INSERT INTO automation_message (automation_id, step_id, entry_id, grp_rcp_id, status, send_id, recipient_id, at)
     SELECT d.automation_id, d.step_id, d.entry_id, d.grp_rcp_id, CASE WHEN d.send_id IS NULL THEN 'skipped' ELSE 'queued' END,
       d.send_id, CASE WHEN d.send_id IS NOT NULL THEN nextval('mail_recipient_id_seq') END, $6::timestamptz
     FROM unnest($1::int[], $2::int[], $3::bigint[], $4::int[], $5::int[]) AS d(automation_id, step_id, entry_id, grp_rcp_id, send_id)
     ON CONFLICT (step_id, entry_id) DO NOTHING
     RETURNING step_id AS "stepId", grp_rcp_id AS "contactId", status, send_id AS "sendId", recipient_id AS "recipientId"`,
    [
      decisions.map((d) => d.automationId),
      decisions.map((d) => d.stepId),
      decisions.map((d) => d.entryId),
      decisions.map((d) => d.contactId),
      decisions.map(sendOf),
      nowIso,
    ],
  );
  report.skipped += written.filter((row) => row.status === 'skipped').length;
  const byStep = new Map<number, typeof written>();
  for (const row of written) {
    if (row.status !== 'queued') continue;
    const rows = byStep.get(row.stepId);
    if (rows) rows.push(row);
    else byStep.set(row.stepId, [row]);
  }
  let queued = 0;
  for (const [stepId, rows] of byStep) {
    const send = sends.get(stepId)!;
    await insertStepSend(tx, send, rows.map((row) => ({ id: row.recipientId!, contactId: row.contactId })));
    queued += rows.length;
  }
  report.queued += queued;
  return queued;
}

/** The send a step's messages go in, made from its delivery's published version; null when it cannot be sent. */
async function prepareStepSend(tx: Queryable, stepId: number): Promise<StepSend | null> {
  const [step] = await tx.query<{ deliveryId: number; name: string; position: number; grpId: number; userId: number; subject: string }>(
    `SELECT s.delivery_id AS "deliveryId", a.name, s.position, a.grp_id AS "grpId", a.user_id AS "userId", g.subject
     FROM automation_step s JOIN automation a ON a.id = s.automation_id JOIN grp g ON g.id = a.grp_id WHERE s.id = $1`,
    [stepId],
  );
  let current: DeliveryRow;
  try {
    current = await findItem<DeliveryRow>(tx, deliveryResource, step.deliveryId);
  } catch {
    return null;
  }
  if (current.actif === 0) return null;
  // The version last put into production ("MEP") goes out; a delivery never published goes as
  // it is, as "Envoyer" sends it.
  const [published] = await tx.query<{ content: DeliveryRow }>(
    `SELECT content FROM delivery_version WHERE delivery_id = $1 AND published_at IS NOT NULL
     ORDER BY published_at DESC, version DESC LIMIT 1`,
    [current.id],
  );
  const delivery = published ? { ...published.content, id: current.id } : current;
  const content = contentOf(delivery);
  if (!hasBody(content)) return null;
  return {
    id: await drawSendId(tx),
    stepId,
    deliveryId: delivery.id,
    listId: step.grpId,
    userId: step.userId,
    version: delivery.version,
    label: `${step.name} — étape ${step.position + 1}`,
    listSubject: step.subject,
    content,
  };
}
