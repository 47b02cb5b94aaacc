import type { Queryable } from './db';

/** Writes of at least this many rows at once refresh their tables' planner statistics. */
export const BULK_WRITE_ROWS = 1_000;

/**
 * Refreshes the planner's statistics of tables a bulk write just filled. PostgreSQL's
 * autovacuum gets there late (and PGlite has none): until then the planner takes a 100k-row
 * table for an empty one, and e.g. claiming a send's recipients sorted all of them at each
 * claim instead of walking the pending index. Table names are ours, never input.
 */
export async function refreshStatistics(db: Queryable, tables: readonly string[], rowsWritten: number): Promise<void> {
  if (rowsWritten < BULK_WRITE_ROWS) return;
  await db.query(`ANALYZE ${tables.join(', ')}`);
}
