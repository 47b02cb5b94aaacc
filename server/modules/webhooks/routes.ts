import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Queryable } from '../../db/db';
import { currentUser, isAdmin } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { badRequest, forbidden, notFound } from '../../shared/errors';
import { checkWebhookUrl, RefusedUrl } from './addressGuard';
import { startWebhookWorker, type WebhookWorker } from './delivery';
import { DeliveryCollection, DeliveryParams, ResendAnswer, WebhookCollection, WebhookCreate, WebhookCreated, WebhookItem, WebhookParams, WebhookPatch } from './schemas';

const TAGS = ['webhooks'];
const BASE = '/api/webhooks';
/** Deliveries a webhook's page shows: the newest. */
const LAST_DELIVERIES = 50;

const COLUMNS = `id, url, events, active, created_at AS "createdAt", user_id AS "user"`;
interface WebhookRow {
  id: number;
  url: string;
  events: string[];
  active: boolean;
  createdAt: string;
  user: number;
}
interface DeliveryRow {
  id: number;
  eventId: string;
  type: string;
  createdAt: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastAnswer: string | null;
  lastError: string | null;
  deliveredAt: string | null;
}
const toItem = (row: WebhookRow) => ({ '@id': `${BASE}/${row.id}`, '@type': 'Webhook' as const, ...row });

/**
 * The one check of who may manage webhooks: admins. API tokens (issue 39, item 5) plug in
 * here: a token holding the `webhooks` scope passes too.
 */
async function requireWebhooksAccess(request: FastifyRequest): Promise<void> {
  if (!isAdmin(currentUser(request))) throw forbidden('Seuls les administrateurs gèrent les webhooks.');
}

async function checkedUrl(raw: string, allowPrivate: boolean): Promise<string> {
  try {
    return (await checkWebhookUrl(raw.trim(), allowPrivate)).url.toString();
  } catch (error) {
    if (error instanceof RefusedUrl) throw badRequest('url', `Le champ 'url' est refusé : ${error.message}`);
    throw error;
  }
}

async function findWebhook(db: Queryable, id: number) {
  const [row] = await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM webhook WHERE id = $1`, [id]);
  if (!row) throw notFound('Webhook');
  return row;
}

/**
 * Outgoing webhooks (issue 39, docs/architecture.md, «Webhooks»): `/api/webhooks` (CRUD), a
 * webhook's last deliveries and "Renvoyer"; and the worker that delivers them, in processes
 * that run the send worker (MAIL_WORKER).
 */
export const webhooksRoutes: FastifyPluginAsync<ModuleContext> = async (app, { db, config, authenticate }) => {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const allowPrivate = config.webhooksAllowPrivate;
  let worker: WebhookWorker | null = null;
  if (config.mail.worker) {
    app.addHook('onReady', async () => {
      worker = startWebhookWorker(db, { allowPrivate, log: app.log });
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
  const guard = { onRequest: authenticate, preHandler: requireWebhooksAccess };

  typed.get(BASE, { ...guard, schema: { tags: TAGS, response: { 200: WebhookCollection } } }, async () => {
    const rows = await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM webhook ORDER BY id`);
    return { '@id': BASE, '@type': 'hydra:Collection' as const, 'hydra:member': rows.map(toItem), 'hydra:totalItems': rows.length };
  });

  typed.post(BASE, { ...guard, schema: { tags: TAGS, body: WebhookCreate, response: { 201: WebhookCreated } } }, async (request, reply) => {
    const url = await checkedUrl(request.body.url, allowPrivate);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const [row] = await db.query<WebhookRow>(
      `INSERT INTO webhook (user_id, url, events, active, secret) VALUES ($1, $2, $3::text[], $4, $5) RETURNING ${COLUMNS}`,
      [currentUser(request).id, url, request.body.events, request.body.active ?? true, secret],
    );
    const item = toItem(row);
    return reply.code(201).header('location', item['@id']).header('cache-control', 'no-store').send({ ...item, secret });
  });

  typed.get(`${BASE}/:id`, { ...guard, schema: { tags: TAGS, params: WebhookParams, response: { 200: WebhookItem } } }, async (request) =>
    toItem(await findWebhook(db, request.params.id)),
  );

  typed.patch(
    `${BASE}/:id`,
    { ...guard, schema: { tags: TAGS, params: WebhookParams, body: WebhookPatch, response: { 200: WebhookItem } } },
    async (request) => {
      await findWebhook(db, request.params.id);
      const { url, events, active } = request.body;
      const checked = url === undefined ? null : await checkedUrl(url, allowPrivate);
      const [row] = await db.query<WebhookRow>(
        `UPDATE webhook SET url = coalesce($2, url), events = coalesce($3::text[], events), active = coalesce($4, active)
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [request.params.id, checked, events ?? null, active ?? null],
      );
      if (!row) throw notFound('Webhook');
      if (row.active) worker?.wake();
      return toItem(row);
    },
  );

  typed.delete(`${BASE}/:id`, { ...guard, schema: { tags: TAGS, params: WebhookParams, response: { 204: Type.Null() } } }, async (request, reply) => {
    const gone = await db.query('DELETE FROM webhook WHERE id = $1 RETURNING id', [request.params.id]);
    if (gone.length === 0) throw notFound('Webhook');
    return reply.code(204).send(null);
  });

  typed.get(
    `${BASE}/:id/deliveries`,
    { ...guard, schema: { tags: TAGS, params: WebhookParams, response: { 200: DeliveryCollection } } },
    async (request) => {
      await findWebhook(db, request.params.id);
      const rows = await db.query<DeliveryRow>(
        `SELECT id, event_id AS "eventId", type, created_at AS "createdAt", status, attempts,
           CASE WHEN status IN ('pending', 'sending') THEN next_attempt_at END AS "nextAttemptAt",
           last_attempt_at AS "lastAttemptAt", last_status AS "lastStatus", last_answer AS "lastAnswer",
           last_error AS "lastError", delivered_at AS "deliveredAt"
         FROM webhook_delivery WHERE webhook_id = $1 ORDER BY id DESC LIMIT ${LAST_DELIVERIES}`,
        [request.params.id],
      );
      const [{ total }] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM webhook_delivery WHERE webhook_id = $1', [request.params.id]);
      return { '@id': `${BASE}/${request.params.id}/deliveries`, '@type': 'hydra:Collection' as const, 'hydra:member': rows, 'hydra:totalItems': total };
    },
  );

  // "Renvoyer": the same event (same id) goes again, now, with a fresh series of tries.
  typed.post(
    `${BASE}/:id/deliveries/:delivery/resend`,
    { ...guard, schema: { tags: TAGS, params: DeliveryParams, response: { 202: ResendAnswer } } },
    async (request, reply) => {
      const [row] = await db.query<{ id: number; status: string }>(
        `UPDATE webhook_delivery SET status = 'pending', attempts = 0, next_attempt_at = now(), claimed_until = NULL
         WHERE id = $1 AND webhook_id = $2 AND status <> 'sending' RETURNING id, status`,
        [request.params.delivery, request.params.id],
      );
      if (!row) throw notFound('Envoi du webhook');
      worker?.wake();
      return reply.code(202).send(row);
    },
  );
};
