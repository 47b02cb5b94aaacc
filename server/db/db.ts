import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ownWrites } from './dataVersion';
import { openPgliteThread } from './pgliteThread';
import { listenToTableChanges } from './tableChanges';

export type Row = Record<string, unknown>;

export interface Migration {
  /** Sortable and unique: the order in which migrations run. */
  id: string;
  sql: string;
}

/** What repositories need: run one statement. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The database: PGlite embedded by default, PostgreSQL when DATABASE_URL is set. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * A number that moves before and after every statement that may have changed `table`, or
   * undefined where that cannot be known: a read that saw the same number before and after it
   * ran can be reused until the number moves (readCache.ts). On the embedded engine this
   * process is the only writer and its own writes tell it all. On PostgreSQL the tables'
   * notifications tell the other processes' writes (tableChanges.ts).
   */
  readonly dataVersion?: (table: string) => number | undefined;
  /**
   * Embedded engine only: how many statements so far were sent while another was being
   * answered, and so waited behind it (the engine runs one at a time). A bulk write compares it
   * before and after a statement of its own to learn whether others wait (statementRows.ts).
   * Undefined on PostgreSQL, where a statement on another connection waits for nobody's.
   */
  readonly queuedStatements?: () => number;
  /**
   * Embedded engine only: a full collection of the database thread's JavaScript heap, which
   * an import's batches leave full of garbage that its small young generation promoted
   * (startup/idleMemory.ts asks once the server is quiet).
   */
  readonly collectGarbage?: () => Promise<void>;
  /**
   * Embedded engine only: a consistent copy of the whole database, as a gzip tar that PGlite
   * loads back (`npm run restore`), taken while the server runs (pgliteBackup.ts).
   */
  readonly backup?: () => Promise<Uint8Array>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl: string | null;
  /** Folder of the embedded database; null keeps it in memory (tests). */
  dataDir: string | null;
  /** PostgreSQL schema to work in (tests isolate themselves in one). */
  schema?: string;
  /**
   * The dump an in-memory embedded database starts from, instead of the empty template:
   * tests start from one already migrated (server/testing/migratedTemplate.ts).
   */
  template?: string;
  /** Embedded engine: force writes to disk before answering them (pgliteStorage.ts); true unless said. */
  durable?: boolean;
}

// Numbers come back as numbers and timestamps as ISO strings on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => new Date(`${v}Z`).toISOString());

async function openPostgres(url: string, schema?: string): Promise<Db> {
  const config = { connectionString: url, options: schema ? `-c search_path=${schema}` : undefined };
  const pool = new pg.Pool({ ...config, max: 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  // A lost listening connection is tried again; meanwhile nothing is cached.
  const others = await listenToTableChanges(config);
  // This process's own writes move the number at once, before their notification comes back.
  const writes = ownWrites();
  return {
    kind: 'postgres',
    query: writes.tracked(async (sql, params) => (await pool.query(sql, params as unknown[])).rows),
    dataVersion: (table) => {
      const theirs = others.version(table);
      return theirs === undefined ? undefined : theirs + writes.version();
    },
    transaction: (work) =>
      writes.written(
        (async () => {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            const result = await work({
              query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
            });
            await client.query('COMMIT');
            return result;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          } finally {
            client.release();
          }
        })(),
      ),
    close: async () => {
      await others.close();
      await pool.end();
    },
  };
}

export function openDb(options: DbOptions): Promise<Db> {
  if (!options.databaseUrl && options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schema)
    : openPgliteThread(options.dataDir, { template: options.template, durable: options.durable ?? true });
}
