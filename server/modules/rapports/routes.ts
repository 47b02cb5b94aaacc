import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser, isAdmin } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { forbidden, HttpError, notFound } from '../../shared/errors';
import { ADMIN_ONLY } from '../../shared/access';
import { collectionQuerySchema, collectionResponseSchema, findItem, idParamsSchema, iri, itemResponseSchema, listCollection, toItem } from '../../shared/hydra';
import { createAddressLimit } from './addressLimit';
import { rapportsCopy as copy } from './copy';
import { createRedactThread } from './redactThread';
import { startReportNotices } from './notice';
import { deleteReport, insertReport, reportCommit, reportRequestIds } from './repository';
import { removeExpiredReports } from './retention';
import { rapportResource } from './resource';
import { JournalAnswer, PilesAnswer, RapportPatch, REPORT_MAX_BYTES, ReportBody, ReportTaken } from './schemas';
import { createStackMapper, stacksOf } from './stacks';
import { reportFiles } from './storage';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `/api/rapports` (docs/qa-traces.md, «2c. Send it to the team»): anyone sends a report (signed
 * in or not, limited per address); admins list, read, mark, delete it, read the server's log
 * lines of its requests and its stacks in the sources («Readable stacks»). A daily task removes
 * reports past BUG_REPORT_RETENTION_DAYS; another, every minute and when a report comes, mails
 * the admins about new ones («2d. The admins are told»).
 */
export const rapportsRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, authenticate, config, logRing } = context;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['rapports'];
  const files = reportFiles(config.dataDir);
  const limit = createAddressLimit(config.bugReportRateLimit);
  const slots = new WeakMap<FastifyRequest, { release(): void }>();
  // Redaction (tens of milliseconds a MiB) runs in a thread of its own, off the event loop.
  const redaction = createRedactThread();
  app.addHook('onClose', () => redaction.close());
  const stacks = createStackMapper(config.webDir);
  const notices = startReportNotices(db, app.log);
  app.addHook('onClose', () => notices.stop());

  const requireAdmin = async (request: FastifyRequest) => {
    if (!isAdmin(currentUser(request))) throw forbidden(ADMIN_ONLY.rapports);
  };
  const admin = [authenticate, requireAdmin];

  typed.post(
    '/api/rapports',
    {
      bodyLimit: REPORT_MAX_BYTES,
      schema: { tags, body: ReportBody, response: { 201: ReportTaken } },
      // Before the body is read: an address past its limit costs no parsing.
      onRequest: async (request) => {
        const slot = limit.take(request.ip);
        if ('retryInMs' in slot) throw new HttpError(429, copy.tooMany(Math.max(1, Math.ceil(slot.retryInMs / 60_000))));
        slots.set(request, slot);
      },
      // A refused report (413, 400, …) gives its slot back: only reports taken count.
      onResponse: async (request, reply) => {
        if (reply.statusCode >= 400) slots.get(request)?.release();
      },
      onRequestAbort: async (request) => slots.get(request)?.release(),
    },
    async (request, reply) => {
      // Signed in or not: a valid session only tells whose e-mail address the report may keep.
      await authenticate.call(app, request, reply).catch(() => undefined);
      const sender = request.authUser ?? null;
      const { text, summary } = await redaction.redact(request.body, sender?.email ?? null);
      const row = await insertReport(db, {
        ...summary,
        sizeBytes: Buffer.byteLength(text),
        senderId: sender?.id ?? null,
      });
      try {
        await files.write(row.id, text);
      } catch (error) {
        await deleteReport(db, row.id);
        throw error;
      }
      notices.tick();
      return reply.code(201).header('location', iri(rapportResource, row.id)).send(row);
    },
  );

  typed.get(
    '/api/rapports',
    { onRequest: admin, schema: { tags, querystring: collectionQuerySchema(rapportResource), response: { 200: collectionResponseSchema(rapportResource) } } },
    async (request) => ({ ...(await listCollection(db, rapportResource, request.query, '/api/rapports')) }),
  );

  typed.get(
    '/api/rapports/:id',
    // The answer is the stored file with the row's fields first: sent as text, never parsed again.
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: itemResponseSchema(rapportResource) } } },
    async (request, reply) => {
      const row = toItem(rapportResource, await findItem(db, rapportResource, request.params.id));
      const text = await files.read(request.params.id);
      if (text === null) throw new HttpError(404, copy.missingFile);
      const head = JSON.stringify(row);
      // A string is sent as it is, not serialised against the schema (which documents it).
      return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},${text.slice(1)}` as unknown as Record<string, unknown>);
    },
  );

  typed.patch(
    '/api/rapports/:id',
    {
      onRequest: admin,
      config: { accepts: 'application/merge-patch+json' },
      schema: { tags, params: idParamsSchema, body: RapportPatch, response: { 200: itemResponseSchema(rapportResource) } },
    },
    async (request) => {
      const [row] = await db.query(
        `UPDATE bug_report SET status = $2, last_modified = now() WHERE id = $1 RETURNING id`,
        [request.params.id, request.body.status],
      );
      if (!row) throw notFound(`Rapport ${request.params.id}`);
      return toItem(rapportResource, await findItem(db, rapportResource, request.params.id));
    },
  );

  typed.delete('/api/rapports/:id', { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 204: Type.Null() } } }, async (request, reply) => {
    if (!(await deleteReport(db, request.params.id))) throw notFound(`Rapport ${request.params.id}`);
    await files.remove(request.params.id);
    return reply.code(204).send(null);
  });

  typed.get(
    '/api/rapports/:id/journal',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: JournalAnswer } } },
    async (request) => {
      const ids = await reportRequestIds(db, request.params.id);
      if (!ids) throw notFound(`Rapport ${request.params.id}`);
      return { lines: logRing.linesOf(ids) };
    },
  );

  typed.get(
    '/api/rapports/:id/piles',
    { onRequest: admin, schema: { tags, params: idParamsSchema, response: { 200: PilesAnswer } } },
    async (request) => {
      const commit = await reportCommit(db, request.params.id);
      if (commit === undefined) throw notFound(`Rapport ${request.params.id}`);
      const text = await files.read(request.params.id);
      if (text === null) throw new HttpError(404, copy.missingFile);
      return stacks.map(stacksOf(JSON.parse(text) as { console?: unknown }), commit);
    },
  );

  // Reports past their retention leave with their files: checked at start, then daily.
  let timer: NodeJS.Timeout | undefined;
  const expire = async () => {
    try {
      await removeExpiredReports(db, files, config.bugReportRetentionDays);
    } catch (error) {
      app.log.warn({ err: error }, 'bug report retention failed');
    }
  };
  app.addHook('onReady', async () => {
    void expire();
    timer = setInterval(() => void expire(), DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
