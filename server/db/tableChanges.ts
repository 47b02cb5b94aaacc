import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Migration } from './types';

/**
 * Tables whose reads are cached (readCache.ts): the session check reads `app_user`, the CRUD
 * layer's collection pages read their resource's table. On PostgreSQL, where other processes
 * write too, a table is cached only if it tells every write to its listeners; a table missing
 * here is read through, never served stale.
 */
export const NOTIFYING_TABLES = ['app_user', 'grp', 'grp_rcp', 'recipient', 'delivery', 'category', 'discours', 'user_session', 'api_token'] as const;

/** The tables migration 9000 gave a trigger (released: never changed). */
const FIRST_NOTIFYING_TABLES = ['app_user', 'grp', 'grp_rcp', 'recipient', 'delivery', 'category', 'discours'];

/** The channel whose payload names the table a committed statement wrote to: `schema.table`. */
export const TABLE_CHANGE_CHANNEL = 'table_change';

const notifying = new Set<string>(NOTIFYING_TABLES);

const triggerName = (table: string) => `${table}_notify_change`;

/**
 * A statement-level trigger per table: one notification per writing statement, whatever process
 * or tool wrote, sent by PostgreSQL at commit (never for a rolled-back write), identical ones of
 * a transaction folded into one. Truncations and cascaded deletes run it too.
 */
export const tableChangesMigration: Migration = {
  // After every module's tables exist.
  id: '9000_table_change_notifications',
  sql: [
    `CREATE OR REPLACE FUNCTION notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${TABLE_CHANGE_CHANNEL}', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END $$;`,
    ...FIRST_NOTIFYING_TABLES.map(createTrigger),
  ].join('\n'),
};

function createTrigger(table: string): string {
  return `CREATE TRIGGER ${triggerName(table)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_table_change();`;
}

/** Tables given their trigger after 9000, each in a migration of its own (after 9000's function). */
export const laterTableChangesMigrations: Migration[] = [
  // Sessions: a session ended on one process is refused by the others at once.
  { id: '9001_user_session_notifications', sql: createTrigger('user_session') },
  // API tokens: a token revoked on one process is refused by the others at once.
  { id: '9002_api_token_notifications', sql: createTrigger('api_token') },
];

/** The listening connection's name in `pg_stat_activity`. */
export const LISTENER_NAME = 'tgm-table-changes';

/** How long a lost listening connection waits before it tries again, doubled after each failure up to the most. */
const RECONNECT_MS = { first: 1000, most: 60_000 };

export interface TableChanges {
  /**
   * A number that moves whenever another process commits a write to `table`, or undefined while
   * that cannot be known: the listening connection is down, or the table has no trigger.
   */
  version(table: string): number | undefined;
  close(): Promise<void>;
}

/** How long a listener waits for its own test notification. */
const PROBE_MS = 5000;

/**
 * Sends a notification and waits for it to come back: a transaction-mode pooler in front of
 * PostgreSQL accepts LISTEN but delivers nothing, and a cache trusting it would serve stale
 * answers. Failing here leaves the listener down: reads go to the database.
 */
async function heardBack(client: pg.Client): Promise<void> {
  const probe = `probe:${randomUUID()}`;
  let timer: NodeJS.Timeout | undefined;
  let onNotification: ((message: pg.Notification) => void) | undefined;
  try {
    await Promise.all([
      new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`No notification came back on '${TABLE_CHANGE_CHANNEL}' within ${PROBE_MS} ms.`)), PROBE_MS);
        onNotification = (message) => message.payload === probe && resolve();
        client.on('notification', onNotification);
      }),
      client.query('SELECT pg_notify($1, $2)', [TABLE_CHANGE_CHANNEL, probe]),
    ]);
  } finally {
    clearTimeout(timer);
    if (onNotification) client.off('notification', onNotification);
  }
}

/**
 * Listens to the tables' notifications on a connection of its own. Notifications missed while
 * it was down cannot be known: every version moves when it is back.
 */
export async function listenToTableChanges(config: pg.ClientConfig): Promise<TableChanges> {
  const counts = new Map<string, number>();
  let epoch = 0;
  /** Per table, on the current connection: whether it has its trigger, or the check is under way. */
  let watched = new Map<string, boolean | 'checking'>();
  let client: pg.Client | null = null;
  /** Where our tables are: the first schema of the search path. */
  let ourSchema = '';
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  let delay = RECONNECT_MS.first;
  const retryLater = () => {
    if (closed) return;
    retry = setTimeout(() => void connect().catch(retryLater), delay).unref();
    delay = Math.min(delay * 2, RECONNECT_MS.most);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...config, application_name: LISTENER_NAME });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      retryLater();
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      // Another schema's tables (tests isolate themselves in schemas) are not ours.
      const [schema, table] = (message.payload ?? '').split('.');
      if (schema === ourSchema && notifying.has(table)) counts.set(table, (counts.get(table) ?? 0) + 1);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${TABLE_CHANGE_CHANNEL}`);
      await heardBack(next);
      ourSchema = (await next.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0].schema;
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) return void (await next.end().catch(() => undefined));
    // Whatever was heard before, or missed while down, no cached read outlives this.
    epoch += 1;
    watched = new Map();
    client = next;
    delay = RECONNECT_MS.first;
  };

  // Checked once per connection, after LISTEN (no write between the two goes unheard) and at the
  // first read, after migrations created the triggers.
  const check = (listener: pg.Client, table: string) => {
    watched.set(table, 'checking');
    listener
      .query(
        `SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname = $2 AND tgenabled <> 'D'`,
        [table, triggerName(table)],
      )
      .then(
        ({ rowCount }) => {
          if (client === listener) watched.set(table, rowCount === 1);
        },
        () => {
          if (client === listener) watched.delete(table);
        },
      );
  };

  // Not listening only costs speed: the server starts anyway and tries again.
  await connect().catch(retryLater);
  return {
    version: (table) => {
      if (!client || !notifying.has(table)) return undefined;
      const state = watched.get(table);
      if (state === undefined) check(client, table);
      return state === true ? epoch + (counts.get(table) ?? 0) : undefined;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
