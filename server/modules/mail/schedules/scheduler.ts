import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/db';
import { fireDueSchedules, type FireOptions } from './schedules';
import { startDue } from '../queue';

/**
 * Starts planned sends and fires schedules when they are due, in every process that sends
 * (several may run: the database decides who takes each one). It looks at once on start, so
 * an occurrence missed while everything was down fires then.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: { db: Db; everyMs: number; log: FastifyBaseLogger; started: () => void; videos?: () => FireOptions },
  ) {}

  start(): void {
    const tick = () => {
      this.running = this.tick().finally(() => {
        this.running = null;
        if (this.timer) this.timer = setTimeout(tick, this.deps.everyMs);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tick(): Promise<void> {
    try {
      const fired = await fireDueSchedules(this.deps.db, 10, this.deps.videos?.());
      const started = await startDue(this.deps.db);
      if (fired + started > 0) this.deps.started();
    } catch (error) {
      this.deps.log.error({ err: error }, 'scheduler could not fire due sends');
    }
  }
}
