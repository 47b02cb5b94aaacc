import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import type { Db } from './db/db';
import { createAuthenticate, type TokenService } from './shared/auth';
import type { ModuleContext } from './shared/context';
import { errorHandler } from './shared/errorHandler';
import { modules } from './modules';

export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  /** Pino logger options; false in tests. */
  logger?: FastifyServerOptions['logger'];
}

// Paths the spec writes without the /api prefix (§7.3, §7.4); they are the same routes.
const UNPREFIXED = /^\/(users|grps|grp_rcps|categories|discours|deliveries|grprcp|mgt|videosocialmedia)(\/|\?|$)/;

const REDACTED_QUERY = /([?&](?:token|password|access_token)=)[^&]*/gi;

export async function buildApp({ config, db, tokens, logger = false }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            ...(typeof logger === 'object' ? logger : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: {
              req: (req) => ({ method: req.method, url: req.url.replace(REDACTED_QUERY, '$1[redacted]') }),
            },
          },
    trustProxy: true,
    bodyLimit: 10 * 1024 * 1024,
    rewriteUrl: (req) => (req.url && UNPREFIXED.test(req.url) ? `/api${req.url}` : (req.url ?? '/')),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // API Platform clients send JSON under these media types (PATCH must be merge-patch).
  app.addContentTypeParser(
    ['application/merge-patch+json', 'application/ld+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );

  app.setErrorHandler(errorHandler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        imgSrc: ["'self'", 'data:', 'https:'],
        // MUI's emotion injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Trop de requêtes. Réessayez dans ${context.after}.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/api/health', { schema: { tags: ['health'] } }, async (_request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: db.kind });
    }
  });

  const context: ModuleContext = { config, db, tokens, authenticate: createAuthenticate(tokens, db) };
  for (const module of modules) await app.register(module, context);

  await serveWebApp(app, config);
  return app;
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
    timezone: config.timezone,
  };
}

async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.webDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      index: false,
      setHeaders: (reply, filePath) => {
        if (/\.[0-9a-f]{8,}\.\w+$/.test(filePath)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
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
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && page) return sendPage(reply);
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${request.method} ${request.url.split('?')[0]} introuvable.`,
    });
  });
}
