import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { seedDemo, usersSeed } from '../../server/db/seed';
import { createTokenService } from '../../server/shared/auth';
import type { Engine } from './engines';

export interface BenchApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Where the app listens, over a real socket. */
  url: string;
  /** Signs in through login_check over HTTP; answers the authorization header. */
  bearer(email: string, password: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/**
 * The real app, listening on a free port, on the engine's database. In this process (not a
 * child) so that the raw side can run its SQL on the very same database and driver.
 */
export async function startBenchApp(
  engine: Engine,
  dataDir: string,
  { env = {}, wrap = (db) => db }: { env?: Record<string, string>; wrap?: (db: Db) => Db } = {},
): Promise<BenchApp> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    FEED_REFRESH_MINUTES: '0',
    MAIL_WORKER: '0',
    ...env,
  });
  const db = await engine.open();
  await migrate(db);
  await seedDemo(db, config, [usersSeed]);
  const app = await buildApp({ config, db: wrap(db), tokens: createTokenService('bench-secret-'.padEnd(40, 'x'), config.jwtTtlSeconds) });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db,
    config,
    url,
    bearer: async (email, password) => {
      const response = await fetch(`${url}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`login failed: ${await response.text()}`);
      return { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
    },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
