import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ownWrites } from './dataVersion';
import { openPgliteThread } from './pgliteThread';
import { listenToTableChanges } from './tableChanges';

export type { Db, Migration, Queryable, Row } from './types';
import type { Db } from './types';

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
