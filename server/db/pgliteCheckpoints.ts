import type { PGlite } from '@electric-sql/pglite';

/**
 * Checkpoints for the embedded database, which takes none by itself while it runs: PGlite runs
 * PostgreSQL as a single user, without the checkpointer that acts on `checkpoint_timeout` and
 * `max_wal_size`. Its WAL grew to 224 MiB over a 200,000-row import, and a start after a kill
 * replayed all of it. Here, as PostgreSQL would: a checkpoint once the WAL written since the
 * last one passes `walBytes` (checked each `pollMs` after a write), and one every `everyMs`
 * when anything was written. A checkpoint waits for the transaction in hand, as any statement.
 */
export interface CheckpointOptions {
  walBytes: number;
  everyMs: number;
  pollMs: number;
}

export const CHECKPOINT_DEFAULTS: CheckpointOptions = {
  // Half of max_wal_size (pgliteStorage.ts): the WAL stays under it while an import goes on.
  walBytes: 16 * 1024 * 1024,
  // PostgreSQL's checkpoint_timeout.
  everyMs: 5 * 60_000,
  pollMs: 1000,
};

const WAL_SINCE_CHECKPOINT = `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 AS bytes FROM pg_control_checkpoint()`;

/**
 * `failed` hears a checkpoint's error: a failed one (a full disk) is tried again at the next
 * turn, but a PANIC must reach the server, which starts the engine again (pgliteRestart.ts).
 */
export function scheduleCheckpoints(lite: PGlite, failed: (error: unknown) => void, options: CheckpointOptions = CHECKPOINT_DEFAULTS) {
  let written = false;
  let writtenSinceCheckpoint = false;
  let lastCheckpoint = Date.now();
  let busy = false;

  const checkpoint = async () => {
    await lite.exec('CHECKPOINT');
    lastCheckpoint = Date.now();
    writtenSinceCheckpoint = false;
  };
  const check = async () => {
    if (Date.now() - lastCheckpoint >= options.everyMs && writtenSinceCheckpoint) return checkpoint();
    if (!written) return;
    written = false;
    const [{ bytes }] = (await lite.query<{ bytes: number }>(WAL_SINCE_CHECKPOINT)).rows;
    if (bytes >= options.walBytes) await checkpoint();
  };
  const timer = setInterval(() => {
    if (busy || lite.closed) return;
    busy = true;
    check()
      .catch(failed)
      .finally(() => (busy = false));
  }, options.pollMs);
  timer.unref();

  return {
    /** Says the database may have been written: the next turn measures the WAL. */
    wrote() {
      written = true;
      writtenSinceCheckpoint = true;
    },
    stop: () => clearInterval(timer),
  };
}
