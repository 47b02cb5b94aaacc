import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { HttpError, notFound } from '../../shared/errors';
import { confirmationsCopy as copy } from './copy';
import { confirmationKinds } from './kinds';
import { findConfirmation, useConfirmation } from './repository';
import { ConfirmationAnswer, ConfirmationParams, ConfirmedAnswer } from './schemas';
import type { ConfirmationKind, ConfirmationKindName } from './types';

const gone = (used: boolean) => new HttpError(410, used ? copy.used : copy.expired);

/**
 * `GET /api/confirmations/{token}` tells what a link confirms and changes nothing (link
 * scanners follow every link); `POST` confirms, once.
 */
export const confirmationsRoutes: FastifyPluginAsyncTypebox<ModuleContext> = async (app, { db, config }) => {
  const readLimit = { rateLimit: { max: config.publicReadRateLimit, timeWindow: '1 minute' } };
  const writeLimit = { rateLimit: { max: config.publicWriteRateLimit, timeWindow: '1 minute' } };
  const tags = ['confirmations'];
  const kindOf = (name: string): ConfirmationKind => {
    const kind = confirmationKinds.get(name as ConfirmationKindName);
    if (!kind) throw notFound('Confirmation');
    return kind;
  };
  /** The kinds this page confirms (registered ones); other single-use links have their own door. */
  const kinds = () => [...confirmationKinds.keys()];

  app.get(
    '/api/confirmations/:token',
    { config: readLimit, schema: { tags, params: ConfirmationParams, response: { 200: ConfirmationAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const stored = await findConfirmation(db, request.params.token, kinds());
      if (!stored) throw new HttpError(404, copy.unknown);
      const kind = kindOf(stored.kind);
      const label = (kind.label ? await kind.label(db, stored.subjectId) : null) ?? kind.fallbackLabel ?? '';
      return { kind: stored.kind, label, expired: stored.expired, used: stored.used };
    },
  );

  app.post(
    '/api/confirmations/:token',
    { config: writeLimit, schema: { tags, params: ConfirmationParams, response: { 200: ConfirmedAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token } = request.params;
      const answer = await db.transaction(async (tx) => {
        const used = await useConfirmation(tx, token, kinds());
        if (!used) return null;
        return kindOf(used.kind).confirm(tx, used.subjectId, request);
      });
      if (answer) return answer;
      const stored = await findConfirmation(db, token, kinds());
      if (!stored) throw new HttpError(404, copy.unknown);
      throw gone(stored.used);
    },
  );
};
