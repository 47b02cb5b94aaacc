import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import compress from '@fastify/compress';
import type { ValidatorFactory } from '@fastify/ajv-compiler';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import { Answer } from './shared/schemas';
import type { Config } from './config';
import type { Db } from './db/db';
import { guardWrites, probeWrites } from './db/diskGuard';
import { createAuthenticate, type TokenService } from './shared/auth';
import { createDiskWatch, type DiskWatch } from './shared/diskSpace';
import type { ModuleContext } from './shared/context';
import { closeAmpChecker } from './shared/amp4email/thread';
import { publicBaseUrl } from './shared/publicUrl';
import { errorHandler } from './shared/errorHandler';
import { badRequest } from './shared/errors';
import { describeRoutes, SECURITY_SCHEMES, type ApiRoute } from './shared/openapi';
import { assetHeaders, securityHeaders } from './shared/securityHeaders';
import { buildValidator, guardInput, MAX_PARAM_LENGTH } from './shared/validation';
import { buildSerializer } from './shared/lazySchemas';
import { modules } from './modules';
import { DisconnectAwareLog, ReadableRequestLog } from './startup/requestLog';
import { createLogRing, feedingRing, requestLoggerFactory, type LogRing } from './startup/logRing';
import { REQUEST_ID_HEADER, requestIdOf } from './startup/requestId';

/** A built file named by its content hash (`main.0123456789ab.js`, or its `.br`/`.gz`): it never changes. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.\w+(\.br|\.gz)?$/;
/** A request for one, at the root where the build is served (a query string aside). */
const HASHED_ASSET_PATH = /^\/[\w.-]+\.[0-9a-f]{8,}\.\w+(\?|$)/;

export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  /** DATA_DIR's disk; by default watched with statfs (tests may measure it their way). */
  disk?: DiskWatch;
  /** Pino logger options; false in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Where the request lines are kept for bug reports' journals; a new ring by default. */
  logRing?: LogRing;
}

// Paths the spec writes without the /api prefix (§7.3, §7.4); they are the same routes.
const UNPREFIXED = /^\/(users|grps|grp_rcps|categories|discours|deliveries|grprcp|mgt|videosocialmedia)(\/|\?|$)/;

// Secrets that travel in URLs: query parameters (`download` is a download link's one-use token),
// and the tokens of unsubscribe, tracking, confirmation, password reset, invitation, private feed and digest links in their paths.
// Addresses too (issue 38): `email=` and `search=` (an address searched for), and the suppression
// list's items, whose path is an address.
const REDACTED_QUERY = /([?&](?:token|tokenAc|visitorToken|password|access_token|code|download|email|search)=)[^&#]*/gi;
const REDACTED_PATH = /(\/(?:unsubscribe|t\/[oc]|confirmations?|mot-de-passe|invitation|visitor\/feed|visitor\/digest\/unsubscribe|suppressions|preferences)\/)[^/?#]+/gi;

/** A request URL fit for the logs: no token, password or unsubscribe link in clear. */
export const redactUrl = (url: string) => url.replace(REDACTED_PATH, '$1[redacted]').replace(REDACTED_QUERY, '$1[redacted]');

export async function buildApp({ config, db: engine, tokens, disk: given, logger = false, logRing = createLogRing() }: AppDeps): Promise<FastifyInstance> {
  /** The route table, once describeRoutes has made it: bad percent-encodings name their parameter from it. */
  const routeTable: { routes: readonly ApiRoute[] } = { routes: [] };
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            ...feedingRing(typeof logger === 'object' ? (logger as { level?: string }) : {}, logRing),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url) }),
            },
          },
    // Unset: X-Forwarded-For is ignored, so no client can choose the address rate limits key on.
    trustProxy: trustedProxies(config.trustProxy),
    // Every answer names its request (X-Request-Id), and so does each log line of it (`reqId`).
    genReqId: requestIdOf,
    ...(logger === false ? {} : { childLoggerFactory: requestLoggerFactory as unknown as FastifyServerOptions['childLoggerFactory'] }),
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    rewriteUrl: (req) => (req.url && UNPREFIXED.test(req.url) ? `/api${req.url}` : (req.url ?? '/')),
    // Readable logs (the quick start) write one line per request, at debug; JSON logs
    // (production) keep Fastify's request lines at info for log collectors.
    // Either way a client that disconnects is logged at debug (startup/requestLog.ts).
    logController: config.logFormat === 'pretty' ? new ReadableRequestLog({ redactUrl }) : new DisconnectAwareLog(),
    // Fastify's type for this factory names Ajv's compile, though Fastify calls it with route schemas.
    // Both compile a route's schemas at its first use (shared/lazySchemas.ts).
    schemaController: { compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory, buildSerializer } },
    // Bad percent-encoding in a path is refused by Fastify before any route: in French too,
    // naming the route's parameter when the path is one of a route's.
    frameworkErrors: frameworkErrorsOf(() => routeTable.routes),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // JSON only, under the media types API Platform clients use (PATCH must be merge-patch).
  // Routes that read something else (the CSV import, one-click unsubscribe forms) register
  // their parser in a scope of their own; any other type answers 415.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    ['application/merge-patch+json', 'application/ld+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.setErrorHandler(errorHandler);
  app.addHook('preValidation', guardInput);
  // API answers are personal (a user's data, a visitor's list, a recipient's record) or cheap:
  // no shared cache or browser history keeps them, unless a route chose otherwise (its own
  // Cache-Control replaces this one). Set with the security headers, before any route runs.
  const pageHeaders = securityHeaders({ https: config.publicUrl?.startsWith('https:') ?? false });
  const apiHeaders = Object.freeze({ ...pageHeaders, 'cache-control': 'no-store' });
  const builtAssetHeaders = assetHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(url.startsWith('/api/') ? apiHeaders : HASHED_ASSET_PATH.test(url) ? builtAssetHeaders : pageHeaders);
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Answers above 1 KB go out compressed (brotli or gzip, as the client accepts); built
  // assets come compressed from the build (serveWebApp) and are left as they are.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Trop de requêtes. Réessayez dans ${frenchDelay(context.ttl)}.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: '1.0.0' },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const disk = given ?? watchDisk(app, config, engine);
  const db = guardWrites(engine, disk);
  const context: ModuleContext = { config, db, tokens, disk, logRing, authenticate: createAuthenticate(tokens, db), publicUrl: publicBaseUrl(app, config.publicUrl, config.port) };
  describeRoutes(app, context.authenticate);
  routeTable.routes = app.apiRoutes;
  // `disk`: 'plein' while writes are refused for lack of space (reads and sign-in go on).
  const Health = Answer({ status: Type.String(), database: Type.String(), disk: Type.String() });
  app.get('/api/health', { schema: { tags: ['health'], response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    const diskState = disk.full ? 'plein' : 'ok';
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: db.kind, disk: diskState };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind, disk: diskState });
    }
  });

  for (const module of modules) await app.register(module, context);
  // The AMP validation thread (started by the first document) ends with the server.
  app.addHook('onClose', closeAmpChecker);

  await serveWebApp(app, config);
  return app;
}

/**
 * DATA_DIR's disk, watched while the app runs. On PostgreSQL the database's files are on a
 * disk of its own: a write there (rolled back) must pass too before the full state ends.
 */
function watchDisk(app: FastifyInstance, config: Config, engine: Db): DiskWatch {
  const disk = createDiskWatch({
    dir: config.dataDir,
    reserveBytes: config.diskReserveBytes,
    log: app.log,
    probe: engine.kind === 'postgres' ? () => probeWrites(engine) : undefined,
  });
  app.addHook('onClose', async () => disk.stop());
  return disk;
}

/**
 * The parameter of a route's path that a request's path holds badly percent-encoded (e.g.
 * `email` for `/api/suppressions/%E0%A4%A`), or null: the first segment that does not decode,
 * at the place of a `:name` in a route whose other segments are the request's.
 */
export function badlyEncodedParam(url: string, routes: readonly ApiRoute[]): string | null {
  const segments = url.split('?')[0].split('/');
  const bad = segments.findIndex((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
  if (bad < 0) return null;
  for (const route of routes) {
    const parts = route.url.split('/');
    if (parts.length !== segments.length || !parts[bad].startsWith(':')) continue;
    if (parts.every((part, i) => i === bad || part.startsWith(':') || part === segments[i])) return parts[bad].slice(1);
  }
  return null;
}

/** Refusals Fastify makes before any route (bad percent-encoding): the same French JSON. */
const frameworkErrorsOf =
  (routes: () => readonly ApiRoute[]): FastifyServerOptions['frameworkErrors'] =>
  (error, request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const param = (error as { code?: string }).code === 'FST_ERR_BAD_URL' ? badlyEncodedParam(request.url, routes()) : null;
    const refusal = param ? badRequest(param, `Le champ '${param}' de l'adresse de la requête contient un encodage invalide.`) : error;
    errorHandler(refusal, request as unknown as FastifyRequest, reply as unknown as FastifyReply);
  };

/** TRUST_PROXY as Fastify takes it: a hop count is the number of proxies trusted from the socket. */
export function trustedProxies(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** '45 secondes', '3 minutes': the wait a 429 announces (its Retry-After header gives the seconds). */
function frenchDelay(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} seconde${seconds > 1 ? 's' : ''}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** What the SPA reads at start from the page (settings it must not need a rebuild for). */
function webConfig(config: Config) {
  return {
    productName: config.productName,
    societe: config.societe,
    deliverySiteUrl: config.deliverySiteUrl,
    contactEmail: config.contactEmail,
    legalMentions: config.legalMentions,
    privacyPolicy: config.privacyPolicy,
    shareLinks: config.shareLinks,
    timezone: config.timezone,
  };
}

/**
 * The build's files for the server alone: its source maps (they hold the sources) and what it
 * says of itself; the server maps reports' stacks with them (docs/qa-traces.md, «Readable stacks»).
 */
const PRIVATE_BUILD_FILE = /(\.map|\/build-info\.json)(\.br|\.gz)?$/i;
const isPrivateBuildFile = (url: string) => {
  const pathname = url.split('?')[0];
  try {
    return PRIVATE_BUILD_FILE.test(decodeURIComponent(pathname));
  } catch {
    return PRIVATE_BUILD_FILE.test(pathname);
  }
};

async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.webDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      index: false,
      // The build writes name.br and name.gz beside each asset (scripts/precompressPlugin.ts).
      preCompressed: true,
      allowedPath: (pathName) => !isPrivateBuildFile(pathName),
      setHeaders: (reply, filePath) => {
        if (!HASHED_ASSET.test(filePath)) return;
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        // Never revalidated (immutable): validators and ranges would be bytes of every answer for nothing.
        for (const unused of ['etag', 'last-modified', 'accept-ranges']) reply.removeHeader(unused);
      },
    });
  }
  const page = hasBuild
    ? fs
        .readFileSync(indexFile, 'utf8')
        .replace(
          '<!--app-config-->',
          `<script id="app-config" type="application/json">${JSON.stringify(webConfig(config)).replace(/</g, '\\u003c')}</script>`,
        )
    : null;

  const sendPage = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  // The static plugin would answer '/' as a folder; the page is served instead.
  if (page) app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));

  app.setNotFoundHandler((request, reply) => {
    // A built asset that is not there (an old page asking for a chunk of a previous build)
    // is a 404, not the page: a script answered with HTML fails with a syntax error; nor are
    // the build's private files.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !HASHED_ASSET_PATH.test(request.url) &&
      !isPrivateBuildFile(request.url);
    if (isPage && page) return sendPage(reply);
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} introuvable.`,
    });
  });
}
