import type { Db } from './db';

/** Writes of at least this many rows at once refresh their tables' planner statistics. */
export const BULK_WRITE_ROWS = 1_000;

/**
 * Rows sampled per hundred by the refresh after a bulk write (PostgreSQL's default is 100:
 * 30,000 rows). Row counts and the main distributions are what the next plans need; the full
 * statistics come from the periodic ANALYZE (embedded, pgliteWorker.ts) or autovacuum. On the
 * embedded engine, whose single connection every other request waits behind, a 100k-row
 * contacts table took 150 ms to analyse in full and 20 ms this way.
 */
const QUICK_STATISTICS_TARGET = 10;

/**
 * Refreshes the planner's statistics of tables a bulk write just filled. PostgreSQL's
 * autovacuum gets there late (and PGlite has none): until then the planner takes a 100k-row
 * table for an empty one, and e.g. claiming a send's recipients sorted all of them at each
 * claim instead of walking the pending index. Table names are ours, never input.
 */
export async function refreshStatistics(db: Pick<Db, 'transaction'>, tables: readonly string[], rowsWritten: number): Promise<void> {
  if (rowsWritten < BULK_WRITE_ROWS) return;
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL default_statistics_target = ${QUICK_STATISTICS_TARGET}`);
    await tx.query(`ANALYZE ${tables.join(', ')}`);
  });
}
