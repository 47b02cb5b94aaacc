import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { SendMailOptions } from 'nodemailer';
import { isTransientError, type NodemailerError } from 'nodemailer/lib/errors';
import type { MailConfig } from '../../../config';
import type { Db } from '../../../db/db';
import { isOutOfSpace, type DiskWatch } from '../../../shared/diskSpace';
import type { Claimed, ClaimedMessage } from '../claimedRows';
import { claimMessages, messageRows } from './messages';
import { claim, reclaimStale, recipientRows } from './recipients';
import type { RowQueue } from './rows';
import { forgetOtherWorkers, forgetWorker, heartbeat } from './workers';
import { compileContent, type SendContent, type SendToCompose } from '../compose';
import { cancelPending, completeFinished } from './sends';
import type { MailTransport } from './transport';

/** A claimed row: a send's recipient or a queued one-off message. */
type Job = { source: 'recipient'; row: Claimed } | { source: 'message'; row: ClaimedMessage };

/** Each source's row queue, where its results are recorded. */
const ROWS: Record<Job['source'], RowQueue> = { recipient: recipientRows, message: messageRows };

type Outcome =
  | { kind: 'sent' | 'skipped'; job: Job }
  | { kind: 'failed' | 'retry' | 'released'; job: Job; reason: string };

/** A message's kind is not (or no longer) known to this server: it fails rather than waits. */
export class UnknownMessageKind extends Error {}

export interface WorkerDeps {
  db: Db;
  transport: MailTransport;
  settings: MailConfig;
  /** The message of one recipient of a send. */
  compose: (send: SendToCompose, job: Claimed) => SendMailOptions | Promise<SendMailOptions>;
  /**
   * The message a queued one-off message becomes; null: it is not to be sent any more
   * (recorded skipped). Throws `UnknownMessageKind` for a kind this server does not know.
   */
  composeMessage: (message: ClaimedMessage) => Promise<SendMailOptions | null>;
  log: FastifyBaseLogger;
  /** While it is full, the worker claims and records nothing (its writes would be refused) and waits for room. */
  disk?: DiskWatch;
}

const HEARTBEAT_MS = 3000;
/** Results are written in groups: fewer statements, and a crash loses at most the unwritten ones. */
const FLUSH_EVERY = 50;
const FLUSH_AFTER_MS = 250;
/** How often sends this worker recorded results for are checked for completion while it is busy. */
const COMPLETION_CHECK_MS = 1000;
// Within the 5 s a process manager gives a stopping server (SIGTERM), with room for the rest of the stop.
const STOP_WAIT_MS = 2500;
const CACHED_SENDS = 20;

// No SMTP reply, or one about the service rather than the message: the recipient is not at fault.
const SERVICE_ERRORS = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2', 'EDNS', 'ETLS', 'EREQUIRETLS', 'EPROXY', 'ECONFIG']);

/** What to do with a recipient whose message the transport refused. */
export function classify(error: unknown): 'failed' | 'retry' | 'released' {
  // The outbox's disk is full: the message waits for room, whoever it is for.
  if (isOutOfSpace(error)) return 'released';
  const failure = error as NodemailerError;
  if (isTransientError(failure) || SERVICE_ERRORS.has(failure.code ?? '')) return 'released';
  if (failure.permanent) return 'failed';
  return 'retry';
}

const reasonOf = (error: unknown) => {
  const failure = error as NodemailerError;
  return (failure.response ?? failure.message ?? String(error)).slice(0, 1000);
};

/**
 * Sends the queued recipients of running sends (docs/architecture.md, «Sending mail») and the queued one-off messages
 * (`mail_message`, claimed first: they are few and someone waits for them). It claims rows in batches,
 * keeps at most `batchSize` of them between claim and record, sends them through the pooled
 * transport, and records each as sent, failed (5xx, with the reason), retried later (4xx,
 * with backoff) or given back (connection trouble: the whole worker backs off). Several
 * workers, in one process or many, share the queue; a dead one's claims are freed.
 */
export class SendWorker {
  readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private beat: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private outcomes: Outcome[] = [];
  private lastFlush = Date.now();
  private lastCompletionCheck = 0;
  /** Sends this worker recorded results for since it last checked whether they are complete. */
  private readonly touched = new Set<number>();
  private queueEmpty = false;
  private serviceFailures = 0;
  private backoffUntil = 0;
  private notify: (() => void) | null = null;
  private readonly contents = new Map<number, Promise<SendToCompose>>();

  constructor(private readonly deps: WorkerDeps) {}

  /** `exclusive`: no other process can use this database (embedded), so every other claim is a dead one's. */
  async start({ exclusive }: { exclusive: boolean }): Promise<void> {
    const { db } = this.deps;
    await heartbeat(db, this.id);
    if (exclusive) await forgetOtherWorkers(db, this.id);
    await messageRows.reclaimStale(db);
    await reclaimStale(db);
    this.beat = setInterval(() => void this.keepAlive(), HEARTBEAT_MS);
    this.beat.unref();
    this.loop = this.run();
  }

  /** New or resumed work: look at the queue now rather than at the next poll. */
  wake(): void {
    this.queueEmpty = false;
    this.signal();
  }

  /** Stops claiming, lets the messages in flight finish (for a while), records them, frees the rest. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    if (this.beat) clearInterval(this.beat);
    this.signal();
    await this.loop;
    const deadline = Date.now() + STOP_WAIT_MS;
    while (this.inFlight > 0 && Date.now() < deadline) await this.wait(100);
    this.loop = null;
    try {
      await this.flush();
      await this.checkCompletion();
      await messageRows.releaseWorker(this.deps.db, this.id);
      await recipientRows.releaseWorker(this.deps.db, this.id);
      await forgetWorker(this.deps.db, this.id);
    } catch (error) {
      // The database went first: the claims left behind are freed when the next worker starts.
      this.deps.log.warn({ err: error }, 'send worker could not record its last results');
    }
  }

  private signal(): void {
    const notify = this.notify;
    this.notify = null;
    notify?.();
  }

  /** Waits for a signal (a message settled, new work, stop) or the time; true when the time ran out. */
  private wait(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.notify = null;
        resolve(true);
      }, ms);
      this.notify = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
  }

  /**
   * The loop's waits: none once stopping. A stop that came while the loop was in the database
   * found no wait to end, and the loop's next one would hold the close for a whole poll.
   */
  private idle(ms: number): Promise<boolean> {
    return this.stopping ? Promise.resolve(false) : this.wait(ms);
  }

  private async keepAlive(): Promise<void> {
    // Nothing can be written meanwhile; this worker's claims are its own again when room comes back.
    if (this.deps.disk?.full) return;
    try {
      await heartbeat(this.deps.db, this.id);
      const freed = (await messageRows.reclaimStale(this.deps.db)) + (await reclaimStale(this.deps.db));
      if (freed > 0) this.wake();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'send worker heartbeat failed');
    }
  }

  private async run(): Promise<void> {
    const { pollMs } = this.deps.settings;
    while (!this.stopping) {
      try {
        if (this.deps.disk?.full) {
          await this.idle(pollMs);
          continue;
        }
        const backoff = this.backoffUntil - Date.now();
        if (backoff > 0) {
          await this.idle(backoff);
          continue;
        }
        const claimed = await this.recordAndClaim();
        const held = this.inFlight + this.outcomes.length;
        if (
          this.touched.size > 0 &&
          ((held === 0 && this.queueEmpty) || Date.now() - this.lastCompletionCheck >= COMPLETION_CHECK_MS)
        ) {
          await this.checkCompletion();
        }
        if (claimed) continue;
        const timedOut = await this.idle(this.outcomes.length > 0 ? FLUSH_AFTER_MS : pollMs);
        if (timedOut) this.queueEmpty = false;
      } catch (error) {
        // The database may be away for a moment: try again at the next poll. A full disk is
        // logged once, by the disk watch.
        if (!this.deps.disk?.report(error)) this.deps.log.error({ err: error }, 'send worker iteration failed');
        await this.idle(pollMs);
      }
    }
  }

  /**
   * Records the results that are due and claims more recipients when there is room, in one
   * statement when both are due (the usual case). Answers whether it claimed a full batch.
   */
  private async recordAndClaim(): Promise<boolean> {
    const { batchSize } = this.deps.settings;
    const pending = this.outcomes.length;
    const recordDue =
      pending > 0 && (pending >= FLUSH_EVERY || this.inFlight === 0 || Date.now() - this.lastFlush >= FLUSH_AFTER_MS);
    // Results not yet recorded count as held: a crash would send them again.
    const room = batchSize - this.inFlight - (recordDue ? 0 : pending);
    const claimDue = !this.queueEmpty && room > 0 && (this.inFlight === 0 || room >= Math.ceil(batchSize / 2));
    if (!recordDue && !claimDue) return false;
    const batch = recordDue ? this.outcomes.splice(0) : [];
    try {
      const sent = await this.recordAllButSent(batch);
      if (claimDue) {
        const { db } = this.deps;
        const oneOff = await claimMessages(db, this.id, room, sent.messages);
        for (const row of oneOff) this.dispatch({ source: 'message', row });
        const left = room - oneOff.length;
        const rows = left > 0 ? await claim(db, this.id, left, sent.recipients) : [];
        if (left === 0 && sent.recipients.length) await recipientRows.markSent(db, sent.recipients);
        for (const row of rows) this.dispatch({ source: 'recipient', row });
        this.queueEmpty = oneOff.length + rows.length < room;
        return !this.queueEmpty;
      }
      await this.markSent(sent);
      return false;
    } catch (error) {
      // Kept for the next try (recording is idempotent); the rows stay claimed by this live worker.
      this.outcomes.unshift(...batch);
      throw error;
    }
  }

  private async markSent(sent: { recipients: number[]; messages: number[] }): Promise<void> {
    if (sent.recipients.length) await recipientRows.markSent(this.deps.db, sent.recipients);
    if (sent.messages.length) await messageRows.markSent(this.deps.db, sent.messages);
  }

  private dispatch(job: Job): void {
    this.inFlight += 1;
    void this.deliver(job).then((outcome) => {
      this.outcomes.push(outcome);
      this.inFlight -= 1;
      this.signal();
    });
  }

  private async deliver(job: Job): Promise<Outcome> {
    if (job.source === 'message') return this.deliverMessage(job);
    if (job.row.actif !== 1) return { kind: 'skipped', job };
    const row = job.row;
    return this.transmit(job, async () => this.deps.compose(await this.content(row.sendId), row));
  }

  /** Sends what `message` makes; whatever fails on the way is classified as the transport's refusals are. */
  private async transmit(job: Job, message: () => Promise<SendMailOptions>): Promise<Outcome> {
    try {
      await this.deps.transport.send(await message());
      this.serviceFailures = 0;
      return { kind: 'sent', job };
    } catch (error) {
      return this.refused(job, error);
    }
  }

  private async deliverMessage(job: Job & { source: 'message' }): Promise<Outcome> {
    let message: SendMailOptions | null;
    try {
      message = await this.deps.composeMessage(job.row);
    } catch (error) {
      // An unknown kind will not become known by waiting; anything else (the database) may pass.
      return { kind: error instanceof UnknownMessageKind ? 'failed' : 'retry', job, reason: reasonOf(error) };
    }
    if (!message) return { kind: 'skipped', job };
    const made = message;
    return this.transmit(job, async () => made);
  }

  /** A message the transport (or the outbox's disk) refused: what becomes of it. */
  private refused(job: Job, error: unknown): Outcome {
    const kind = classify(error);
    if (this.deps.disk?.report(error)) return { kind, job, reason: 'disque plein' };
    if (kind === 'released') this.serviceTrouble(error);
    return { kind, job, reason: reasonOf(error) };
  }

  /** The mail service is unreachable: wait base × 2^n (capped) before claiming again. */
  private serviceTrouble(error: unknown): void {
    if (Date.now() < this.backoffUntil) return;
    const { retryBaseMs, retryMaxMs } = this.deps.settings;
    this.serviceFailures += 1;
    const delay = Math.min(retryBaseMs * 2 ** (this.serviceFailures - 1), retryMaxMs);
    this.backoffUntil = Date.now() + delay;
    this.deps.log.warn({ err: error, retryInMs: delay }, 'mail service unavailable, sending paused');
  }

  /** A send's templates, compiled once per worker, and its list. */
  private content(sendId: number): Promise<SendToCompose> {
    let compiled = this.contents.get(sendId);
    if (!compiled) {
      if (this.contents.size >= CACHED_SENDS) this.contents.delete(this.contents.keys().next().value as number);
      compiled = this.deps.db
        .query<{ content: SendContent; grp_id: number; list_subject: string }>(
          'SELECT content, grp_id, list_subject FROM mail_send WHERE id = $1',
          [sendId],
        )
        .then(([row]) => ({ content: compileContent(row.content), list: { id: row.grp_id, name: row.list_subject } }));
      compiled.catch(() => this.contents.delete(sendId));
      this.contents.set(sendId, compiled);
    }
    return compiled;
  }

  /** Marks completed those of the sends this worker served that have nothing left; the last worker to record sees it. */
  private async checkCompletion(): Promise<void> {
    const sendIds = [...this.touched];
    this.touched.clear();
    this.lastCompletionCheck = Date.now();
    await completeFinished(this.deps.db, sendIds);
  }

  /** Records the results other than sent ones, which it answers so that they are recorded with the next claim. */
  private async recordAllButSent(batch: Outcome[]): Promise<{ recipients: number[]; messages: number[] }> {
    if (batch.length === 0) return { recipients: [], messages: [] };
    this.lastFlush = Date.now();
    const { db, settings } = this.deps;
    const of = (source: Job['source'], kind: Outcome['kind']) =>
      batch.filter((outcome) => outcome.job.source === source && outcome.kind === kind);
    const ids = (list: Outcome[]) => list.map((outcome) => outcome.job.row.id);
    const reasons = (list: Outcome[]) => list.map((outcome) => ('reason' in outcome ? outcome.reason : ''));

    for (const source of ['recipient', 'message'] as const) {
      const rows = ROWS[source];
      const skipped = of(source, 'skipped');
      if (skipped.length) await rows.markSkipped(db, ids(skipped));
      const failed = of(source, 'failed');
      if (failed.length) await rows.markFailed(db, ids(failed), reasons(failed));
      const retry = of(source, 'retry');
      if (retry.length) await rows.markRetry(db, ids(retry), reasons(retry), settings);
      const released = of(source, 'released');
      if (released.length) await rows.release(db, ids(released), reasons(released)[0]);
      // Rows back in the queue of a send cancelled meanwhile will not be sent.
      const sendIdOf = (outcome: Outcome) => (outcome.job.source === 'recipient' ? outcome.job.row.sendId : 0);
      if (source === 'recipient' && (retry.length || released.length)) await cancelPending(db, [...new Set([...retry, ...released].map(sendIdOf))]);
    }

    for (const outcome of batch) if (outcome.job.source === 'recipient') this.touched.add(outcome.job.row.sendId);
    return { recipients: ids(of('recipient', 'sent')), messages: ids(of('message', 'sent')) };
  }

  /** Records every result still held. */
  private async flush(): Promise<void> {
    const batch = this.outcomes.splice(0);
    try {
      await this.markSent(await this.recordAllButSent(batch));
    } catch (error) {
      this.outcomes.unshift(...batch);
      throw error;
    }
  }
}
