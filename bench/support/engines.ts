import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../../server/db/db';
import type { BenchOptions } from '../measure';

/** A database a bench runs on: the embedded one in a data folder (as the product runs), or PostgreSQL. */
export interface Engine {
  name: 'embedded' | 'postgres';
  open(): Promise<Db>;
  /** What the server needs to find the same database. */
  serverEnv: Record<string, string>;
  /** Makes what a server started with `serverEnv` expects to find (the PostgreSQL schema). */
  prepare(): Promise<void>;
  /** Drops what the bench created (the PostgreSQL schema). */
  drop(): Promise<void>;
  /**
   * Does now, untimed, what the database would otherwise do on its own during the next turn,
   * whichever side's: on PostgreSQL a VACUUM ANALYZE (autovacuum wakes once a minute and would
   * clean a turn's rows in the next one) and a CHECKPOINT (else one falls in a turn, which then
   * writes every page it touches first in full into the WAL). Nothing on the embedded engine,
   * which has no background workers. Refusals (a role without the right) are ignored.
   */
  settle(): Promise<void>;
}

/**
 * The embedded database in `dataDir`, and PostgreSQL in a fresh schema when BENCH_DATABASE_URL
 * is set; BENCH_ENGINES (`embedded`, `postgres`, or both comma-separated) keeps only those named,
 * to run one engine's long sizes again without the other's.
 */
export function enginesFor(options: BenchOptions, dataDir: string): Engine[] {
  const wanted = process.env.BENCH_ENGINES?.split(',').map((name) => name.trim());
  return allEngines(options, dataDir).filter((engine) => !wanted || wanted.includes(engine.name));
}

function allEngines(options: BenchOptions, dataDir: string): Engine[] {
  const embedded: Engine = {
    name: 'embedded',
    open: () => openDb({ databaseUrl: null, dataDir: path.join(dataDir, 'pglite') }),
    serverEnv: {},
    prepare: async () => undefined,
    drop: async () => undefined,
    settle: async () => undefined,
  };
  if (!options.postgresUrl) return [embedded];
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const administer = async (sql: string) => {
    const client = new pg.Client({ connectionString: options.postgresUrl! });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  const url = new URL(options.postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const postgres: Engine = {
    name: 'postgres',
    open: () => openDb({ databaseUrl: options.postgresUrl, dataDir: null, schema }),
    serverEnv: { DATABASE_URL: url.toString() },
    prepare: () => administer(`CREATE SCHEMA IF NOT EXISTS "${schema}"`),
    drop: () => administer(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`),
    settle: async () => {
      // One at a time: neither runs inside a transaction block, which one query string makes.
      for (const sql of ['VACUUM ANALYZE', 'CHECKPOINT']) await administer(sql).catch(() => undefined);
    },
  };
  return [embedded, postgres];
}
