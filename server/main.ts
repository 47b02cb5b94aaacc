import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, DEFAULT_ADMIN, DEFAULT_OPERATOR, loadConfig, type Config } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { startFeedRefresh, type FeedScheduler } from './modules/feeds/scheduler';
import { createTokenService } from './shared/auth';
import { resolveJwtSecret } from './shared/jwtSecret';
import { keepPrivate, privateTree } from './startup/privateFiles';
import { serveBackups } from './startup/backupSocket';
import { withEnvFile } from './startup/envFile';
import { limitHeapGrowth } from './startup/heapGrowth';
import { tuneGlibcMalloc } from './startup/glibcMalloc';
import { releaseMemoryWhenIdle } from './startup/idleMemory';
import { loggerOptions } from './startup/logger';
import { effectiveSettings } from './startup/settingsLog';

/** Requests still running this long after SIGTERM have their connections cut. */
const CUT_CONNECTIONS_AFTER_MS = 3000;
/** Past this, the process exits whatever is left (exit code 1): a process manager's kill comes later. */
const EXIT_ANYWAY_AFTER_MS = 4800;

function readConfig(): Config {
  try {
    return loadConfig(withEnvFile(process.env, path.resolve('.env')));
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

const seconds = (ms = 0) => `${(ms / 1000).toFixed(1)} s`;

/** Only the documented default passwords are shown; configured ones stay out of logs. */
const account = (email: string, password: string, fallback: { password: string }, variable: string) =>
  password === fallback.password ? `${email} / ${password}` : `${email} (password from ${variable})`;

/**
 * A signal received while the database opens, migrates and seeds waits for that step to end
 * (a first start creates the embedded database: killing it midway would leave a broken one).
 */
let signalWhileStarting: NodeJS.Signals | null = null;
let onSignal = (signal: NodeJS.Signals) => {
  if (signalWhileStarting) process.exit(1); // asked twice: at once, whatever the risk
  signalWhileStarting = signal;
};
process.on('SIGINT', (signal) => onSignal(signal));
process.on('SIGTERM', (signal) => onSignal(signal));

async function main(): Promise<void> {
  // Before the embedded database reads its files: glibc must not see a large block freed first.
  const malloc = tuneGlibcMalloc();
  limitHeapGrowth();
  const config = readConfig();
  keepPrivate(config.dataDir);
  // Timed steps, logged once the logger exists: a first start creates the embedded database.
  const startedAt = Date.now();
  const steps: Record<string, number> = {};
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const from = Date.now();
    const result = await work();
    steps[step] = Date.now() - from;
    return result;
  };
  const opening = timed('opened', () => openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite'), durable: config.embeddedDbFsync }));
  // The app's modules (~0.4 s) load while the database opens: the embedded one in its own
  // thread, on the other core. A start after a crash, which replays the WAL, waits less.
  // A failure to open is met at `await opening`, not as an unhandled rejection meanwhile.
  opening.catch(() => undefined);
  const { buildApp } = await import('./app.js');
  const db = await opening;
  const stopIfAsked = async () => {
    if (!signalWhileStarting) return;
    await db.close();
    process.exit(0);
  };
  await stopIfAsked();
  await timed('migrated', () => migrate(db));
  privateTree(config.dataDir);
  await stopIfAsked();
  await timed('seeded', () => seedDemo(db, config));
  await stopIfAsked();
  const tokens = createTokenService(resolveJwtSecret(config.jwtSecret, config.dataDir), config.jwtTtlSeconds);
  const app = await buildApp({ config, db, tokens, logger: loggerOptions(config) });
  // The start-up and stop lines are written whatever LOG_LEVEL filters out (but `silent`).
  const lifecycle: FastifyBaseLogger = config.logLevel === 'silent' ? app.log : app.log.child({}, { level: 'info' });
  // `npm run backup` asks the server that holds the embedded database (startup/backupSocket.ts).
  const backups = db.backup ? await serveBackups(config.dataDir, db.backup, lifecycle) : null;
  lifecycle.info({ settings: effectiveSettings(config) }, 'effective settings');
  lifecycle.info(
    { durationsMs: steps },
    `database opened in ${seconds(steps.opened)}, migrated in ${seconds(steps.migrated)}, demo data seeded in ${seconds(steps.seeded)}`,
  );

  let feedRefresh: FeedScheduler | null = null;
  let idleMemory: { stop(): void } | null = null;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      lifecycle.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    idleMemory?.stop();
    lifecycle.info({ signal }, 'stopping: no new connections, finishing the requests in flight');
    setTimeout(() => app.server.closeAllConnections(), CUT_CONNECTIONS_AFTER_MS).unref();
    setTimeout(() => {
      lifecycle.error('could not stop in time: exiting anyway');
      process.exit(1);
    }, EXIT_ANYWAY_AFTER_MS).unref();
    try {
      // app.close() waits for requests in flight, then its onClose hooks stop the mail worker,
      // which records its results and gives its claims back to the queue.
      await Promise.all([app.close(), feedRefresh?.stop(), backups?.close()]);
      await db.close();
      lifecycle.info('stopped');
      process.exit(0);
    } catch (error) {
      lifecycle.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
  };
  onSignal = (signal) => void stop(signal);

  const address = (await app.listen({ port: config.port, host: config.host })).replace('[::1]', 'localhost');
  if (signalWhileStarting) return stop(signalWhileStarting);
  feedRefresh = startFeedRefresh(db, config, app.log);
  idleMemory = releaseMemoryWhenIdle({ malloc, log: app.log, collectDatabase: db.collectGarbage });
  lifecycle.info(
    {
      url: address,
      database: db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)',
      mail: `${mailTarget(config)}${config.mail.worker ? '' : ' (no send worker in this process: MAIL_WORKER=0)'}`,
      admin: account(config.adminEmail, config.adminPassword, DEFAULT_ADMIN, 'ADMIN_PASSWORD'),
      operator: account(config.operatorEmail, config.operatorPassword, DEFAULT_OPERATOR, 'OPERATOR_PASSWORD'),
      apiDocs: `${address}/api/docs`,
      startedInMs: Date.now() - startedAt,
    },
    `${config.productName} is ready at ${address} (started in ${seconds(Date.now() - startedAt)})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
