import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, DEFAULT_ADMIN, DEFAULT_OPERATOR, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { startFeedRefresh } from './modules/feeds/scheduler';
import { createTokenService } from './shared/auth';
import { resolveJwtSecret } from './shared/jwtSecret';
import { ensureWebBuild } from './webBuild';

const ROOT = path.resolve(__dirname, '..');

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid setting ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Where messages go, without the credentials SMTP_URL may hold. */
function mailTarget(config: Config): string {
  if (!config.smtpUrl) return `.eml files in ${path.join(config.dataDir, 'outbox')}`;
  const url = new URL(config.smtpUrl);
  return `SMTP ${url.protocol}//${url.host}`;
}

async function main(): Promise<void> {
  const config = readConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (process.env.SKIP_WEB_BUILD !== '1') ensureWebBuild(ROOT, config.webDir, (m) => console.log(m));

  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  await migrate(db);
  await seedDemo(db, config);
  const tokens = createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir), config.jwtTtlSeconds);
  const app = await buildApp({ config, db, tokens, logger: { level: config.logLevel } });

  let closing = false;
  let feedRefresh: { stop(): Promise<void> } | null = null;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await feedRefresh?.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  feedRefresh = startFeedRefresh(db, config, app.log);
  // Only the documented default passwords are printed; configured ones stay out of logs.
  const shown = (email: string, password: string, fallback: { password: string }, variable: string) =>
    password === fallback.password ? `${email} / ${password}` : `${email} (password from ${variable})`;
  console.log(
    [
      `${config.productName} is ready at ${address.replace('[::1]', 'localhost')}`,
      `  database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
      `  mail:     ${mailTarget(config)}${config.mail.worker ? '' : ' (no send worker in this process: MAIL_WORKER=0)'}`,
      `  admin:    ${shown(config.adminEmail, config.adminPassword, DEFAULT_ADMIN, 'ADMIN_PASSWORD')}`,
      `  operator: ${shown(config.operatorEmail, config.operatorPassword, DEFAULT_OPERATOR, 'OPERATOR_PASSWORD')}`,
      `  API docs: ${address}/api/docs`,
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
