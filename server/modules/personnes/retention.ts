import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { removeOldOutboxFiles, unlinkOldTracking } from '../mail';

const HOUR_MS = 60 * 60 * 1000;

/** What one run of the retention task did. */
export interface RetentionRun {
  opens: number;
  clicks: number;
  outboxFiles: number;
}

/**
 * The daily retention task (issue 38), once a day across processes: the one row of
 * `personne_retention` moves to now when its last run is a day old, in one statement, so among
 * processes that tick together one wins (PostgreSQL re-checks the condition after the row's
 * lock). The winner unlinks opens and clicks older than TRACKING_RETENTION_DAYS and removes the
 * outbox's files older than OUTBOX_RETENTION_DAYS. Answers null when another run was due elsewhere.
 */
export async function runRetention(db: Db, settings: { dataDir: string; trackingRetentionDays: number; outboxRetentionDays: number }, now = new Date()): Promise<RetentionRun | null> {
  const [gate] = await db.query(
    `UPDATE personne_retention SET last_at = $1::timestamptz
     WHERE last_at IS NULL OR last_at <= $1::timestamptz - interval '1 day' RETURNING last_at`,
    [now.toISOString()],
  );
  if (!gate) return null;
  const tracking = await unlinkOldTracking(db, settings.trackingRetentionDays);
  const outboxFiles = await removeOldOutboxFiles(settings.dataDir, settings.outboxRetentionDays);
  return { ...tracking, outboxFiles };
}

/** Starts the task with the app (at start, then hourly: it runs when a day has passed) and stops it with it. */
export function startRetention(app: FastifyInstance, { db, config }: ModuleContext): void {
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const run = await runRetention(db, config);
      if (!run) return;
      // A day's run that removed something is worth an operator's eye; one that found nothing is not.
      const removed = run.opens + run.clicks + run.outboxFiles > 0;
      app.log[removed ? 'info' : 'debug']({ retention: run }, `retention: ${run.opens} opens and ${run.clicks} clicks unlinked, ${run.outboxFiles} outbox files removed`);
    } catch (error) {
      app.log.warn({ err: error }, 'retention failed');
    }
  };
  app.addHook('onReady', async () => {
    void tick();
    timer = setInterval(() => void tick(), HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
