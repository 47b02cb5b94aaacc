import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { TokenService } from './auth';
import type { DiskWatch } from './diskSpace';
import type { LogRing } from '../startup/logRing';

/** What every module's routes receive from the app. */
export interface ModuleContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  /** Whether the disk is full: the send worker waits for room (`db` already refuses writes meanwhile). */
  disk: DiskWatch;
  /** The server's recent request log lines (bug reports' journals). */
  logRing: LogRing;
  /** onRequest hook of back-office routes: a valid bearer token of an existing user. */
  authenticate: onRequestAsyncHookHandler;
  /** The base of every absolute URL the server writes (shared/publicUrl.ts). */
  publicUrl: () => string;
}
