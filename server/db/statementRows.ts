import type { Db } from './db';

/**
 * Rows a bulk write puts in one statement when it cannot tell whether others wait for the
 * database (the subscriptions import's several tables). The embedded database is one
 * connection that every other request's queries wait behind: 250 rows hold it about 15 ms on
 * an idle machine, not a second (bench/bigRequests.bench.ts: 500 rows doubled `/api/health`'s
 * p99 meanwhile). PostgreSQL makes nobody wait for a statement in hand.
 */
export const ROWS_PER_STATEMENT: Record<Db['kind'], number> = { pglite: 250, postgres: 1000 };

/**
 * The contacts import's statements on the embedded engine
 * (docs/decisions.md, «Performance as users run it (issue 27)»). Each statement has a fixed cost (planning, the statement triggers and their
 * transition tables, the commit, the trip to the database thread) that larger statements
 * spread thinner: 20,000 rows into a grown database, eight interleaved rounds, went in at 0.83
 * of one statement's rate in 250-row statements and 0.98 in 1,000-row ones.
 */
const EMBEDDED_ROWS = {
  /** While other statements wait behind ours: what ROWS_PER_STATEMENT holds. */
  shared: ROWS_PER_STATEMENT.pglite,
  /** While none does: reached by doubling, one quiet statement after the other. */
  alone: 1000,
};

/**
 * The contacts import's statements on PostgreSQL, where a statement in hand makes no other
 * request wait. Between two statements the database idles while the server reads the answer
 * and sends the next rows, which PostgreSQL parses and binds: 4–5 ms a statement in its log
 * during a 100,000-row import (issue 27, fifth round), a tenth of a 1,000-row statement's time.
 */
const POSTGRES_IMPORT_ROWS = 5000;

/**
 * How many rows the next statement of the contacts import takes. PostgreSQL: a fixed number.
 * Embedded: halved each time another statement had to wait behind one of ours, doubled each
 * time none did, between the two bounds above: a stream of requests brings it to the short
 * statements in two steps, while an import alone on the database pays its fixed costs less
 * often. Halving, not falling at once: the server's own background work (the send worker's
 * and the scheduler's polls, a few statements a second) waits behind one statement in two or
 * three when nobody else is there. `run` sends a statement and learns from it.
 */
export function importStatementRows(db: Pick<Db, 'kind' | 'queuedStatements'>) {
  let rows = db.kind === 'postgres' ? POSTGRES_IMPORT_ROWS : EMBEDDED_ROWS.shared;
  return {
    get rows(): number {
      return rows;
    },
    async run<T>(statement: () => Promise<T>): Promise<T> {
      const queuedBefore = db.queuedStatements?.();
      const result = await statement();
      if (queuedBefore !== undefined) {
        const waited = db.queuedStatements!() > queuedBefore;
        rows = waited ? Math.max(rows / 2, EMBEDDED_ROWS.shared) : Math.min(rows * 2, EMBEDDED_ROWS.alone);
      }
      return result;
    },
  };
}

export type StatementRows = ReturnType<typeof importStatementRows>;
