import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Db } from '../../server/db/db';
import type { Sample } from '../measure';
import type { Engine } from './engines';

/**
 * The import bench's rows: `user0@example.org,First0,Last0,0600000000`… The server reads them
 * from a CSV; the raw side gets them as column arrays.
 */
export const IMPORT_HEADER = ['email', 'firstname', 'lastname', 'phone'];
export const importRow = (i: number): string[] => [`user${i}@example.org`, `First${i}`, `Last${i}`, `06${String(i).padStart(8, '0')}`];
export const importColumns = (rows: number): string[][] =>
  IMPORT_HEADER.map((_, c) => Array.from({ length: rows }, (_unused, i) => importRow(i)[c]));

/** A new list of the owner's, for the raw side ($1: the owner's id). */
export const NEW_LIST_SQL = `INSERT INTO grp (subject, user_id) VALUES ('bench raw', $1) RETURNING id`;
/** The raw side's insert: every row in one statement, through the same table, indexes and triggers. */
export const INSERT_ALL_SQL = `INSERT INTO grp_rcp (grp_id, user_id, origin, email, firstname, lastname, phone)
  SELECT $1, $2, 'import', e, f, l, p FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS t(e, f, l, p)
  ON CONFLICT (grp_id, lower(email)) DO NOTHING`;
export const OWNER_SQL = 'SELECT id FROM app_user WHERE email = $1';

/** The raw side of the import bench: the same rows into a new list of the same owner, one statement. */
export interface RawInserter {
  /** Inserts `rows` rows into a new list; answers the time the insert alone took. */
  insert(rows: number): Promise<Sample>;
  /** Its process, when it runs in one of its own (for its memory figures). */
  pid: number | null;
  close(): Promise<void>;
}

/**
 * The embedded engine: a second PGlite (the same package, hence the same version, and the same
 * settings) in a process of its own, on a copy of the server's data folder: PGlite opens a
 * folder from one process only, and the server holds its own. See rawPgliteProcess.ts.
 */
export async function startRawPglite(dataDir: string, ownerEmail: string): Promise<RawInserter> {
  const child: ChildProcess = fork(path.join(__dirname, 'rawPgliteProcess.ts'), [dataDir, ownerEmail], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<{ ready?: true; seconds?: number; error?: string }>((resolve, reject) => {
      const ended = (code: number | null) => reject(new Error(`the raw PGlite process ended (${code})`));
      child.once('exit', ended);
      child.once('message', (message: { ready?: true; seconds?: number; error?: string }) => {
        child.off('exit', ended);
        resolve(message);
      });
    });
  const ready = await next();
  if (ready.error) throw new Error(ready.error);
  return {
    pid: child.pid ?? null,
    insert: async (rows) => {
      const answer = next();
      child.send({ rows });
      const { seconds, error } = await answer;
      if (error || seconds === undefined) throw new Error(error ?? 'no answer');
      return { operations: rows, seconds };
    },
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** PostgreSQL: the same server the app uses, through the same driver, from the bench's process. */
export async function startRawPostgres(engine: Engine, ownerEmail: string): Promise<RawInserter> {
  const db: Db = await engine.open();
  const [{ id: owner }] = await db.query<{ id: number }>(OWNER_SQL, [ownerEmail]);
  return {
    pid: null,
    insert: async (rows) => {
      const columns = importColumns(rows);
      const [{ id: grp }] = await db.query<{ id: number }>(NEW_LIST_SQL, [owner]);
      const start = performance.now();
      await db.query(INSERT_ALL_SQL, [grp, owner, ...columns]);
      return { operations: rows, seconds: (performance.now() - start) / 1000 };
    },
    close: () => db.close(),
  };
}
