import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { seedDemo, usersSeed } from '../db/seed';
import { findMigratedTemplate } from './migratedTemplate';
import { createTokenService, findAuthUser, openSession, type TokenService } from '../shared/auth';
import type { DiskWatch } from '../shared/diskSpace';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The PostgreSQL schema it works in (when TEST_DATABASE_URL is set). */
  schemaName: string;
  tokens: TokenService;
  /** Signs in through login_check and answers the bearer header. */
  bearer(email: string, password: string): Promise<{ authorization: string }>;
  adminBearer(): Promise<{ authorization: string }>;
  operatorBearer(): Promise<{ authorization: string }>;
  /** Opens a session for a user of the database (without their password) and answers its bearer header. */
  signIn(userId: number): Promise<{ authorization: string }>;
  /** Calls the API with a JSON body (a merge patch for PATCH), as a client would. */
  call(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * Drops a test app's schema. A statement the app started without waiting for it (a request's
 * audit line, a `last used` stamp) may still hold a lock in the schema: PostgreSQL then ends
 * one side as a deadlock (40P01), and the drop is tried again.
 */
async function dropSchema(db: Db, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.query(`DROP SCHEMA "${schema}" CASCADE`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** The user id a bearer header signs in as. */
export const userIdOf = (headers: { authorization: string }): number =>
  JSON.parse(Buffer.from(headers.authorization.split('.')[1], 'base64url').toString()).id;

/**
 * The real app on a real database: PGlite in memory, or, when TEST_DATABASE_URL is set
 * (CI does), a fresh schema of that PostgreSQL server, dropped at close. It holds the demo
 * users only, unless `demoData` asks for the whole demo seed.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    demoData = false,
    logger = false,
    schema: shared,
    onDisk = false,
    disk,
  }: {
    demoData?: boolean;
    logger?: FastifyServerOptions['logger'];
    /**
     * Joins another test app's PostgreSQL schema (its `schemaName`) instead of making one: two
     * apps on one database, as two processes are. The joining app leaves the schema to its maker.
     */
    schema?: string;
    /** The embedded database in DATA_DIR/pglite (unpacked from the migrated template) rather than in memory. */
    onDisk?: boolean;
    disk?: DiskWatch;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `tgm-test-${randomBytes(6).toString('hex')}`),
    WEB_DIR: path.join(os.tmpdir(), 'tgm-test-no-web'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const schema = shared ?? `test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = process.env.TEST_DATABASE_URL || null;
  // The embedded database starts migrated (globalSetup.ts): `migrate` then only checks.
  const dataDir = onDisk && !databaseUrl ? path.join(config.dataDir, 'pglite') : null;
  // An empty folder: the thread unpacks the template there (the server's first start makes a new one).
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await openDb({ databaseUrl, dataDir, schema, template: findMigratedTemplate() ?? undefined });
  await migrate(db);
  // The demo users are seeded here, not in the template: their e-mails and passwords are the
  // config's, which a test may set.
  await seedDemo(db, config, demoData ? undefined : [usersSeed]);
  const tokens = createTokenService('test-secret-'.padEnd(40, 'x'), config.jwtTtlSeconds);
  const app = await buildApp({ config, db, tokens, logger, disk });
  await app.ready();

  const bearer = async (email: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/login_check', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.body}`);
    return { authorization: `Bearer ${response.json().token}` };
  };
  return {
    app,
    db,
    config,
    schemaName: schema,
    tokens,
    bearer,
    adminBearer: () => bearer(config.adminEmail, config.adminPassword),
    operatorBearer: () => bearer(config.operatorEmail, config.operatorPassword),
    signIn: async (userId) => {
      const user = await findAuthUser(db, userId);
      if (!user) throw new Error(`no user ${userId}`);
      return { authorization: `Bearer ${await openSession(db, tokens, user, '127.0.0.1', config.jwtTtlSeconds)}` };
    },
    call: (method, url, headers, payload) =>
      app.inject({
        method,
        url,
        headers: {
          ...headers,
          ...(payload === undefined ? {} : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' }),
        },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      }),
    close: async () => {
      await app.close();
      if (databaseUrl && !shared) await dropSchema(db, schema);
      await db.close();
    },
  };
}
