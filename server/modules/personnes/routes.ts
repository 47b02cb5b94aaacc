import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { currentUser, isAdmin } from '../../shared/auth';
import type { ModuleContext } from '../../shared/context';
import { forbidden } from '../../shared/errors';
import { ADMIN_ONLY } from '../../shared/access';
import { personnesCopy as copy } from './copy';
import { ErasureAnswer, ErasureBody, ExportAnswer, ExportQuery, SelfErasureAnswer } from './schemas';
import { erasePerson, exportPerson } from './service';
import { startRetention } from './retention';
import { requestSelfErasure, setErasureSettings } from './selfErasure';
import { currentVisitor } from '../visitors';

/**
 * A person's rights (issue 38): an admin erases an address from everything the product keeps
 * (`POST /api/personnes/effacement`) or exports it (`GET /api/personnes/export?email=`). Known or
 * not, an address answers the same status and keys. A daily task applies the retention periods.
 */
export const personnesRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, config, authenticate } = context;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const requireAdmin = async (request: FastifyRequest) => {
    if (!isAdmin(currentUser(request))) throw forbidden(ADMIN_ONLY.personnes);
  };
  const admin = [authenticate, requireAdmin];

  typed.post(
    '/api/personnes/effacement',
    { onRequest: admin, schema: { tags: ['personnes'], body: ErasureBody, response: { 200: ErasureAnswer } } },
    async (request) => erasePerson(db, config, request.body.email, currentUser(request).id),
  );

  typed.get(
    '/api/personnes/export',
    { onRequest: admin, schema: { tags: ['personnes'], querystring: ExportQuery, response: { 200: ExportAnswer } } },
    async (request, reply) => {
      const whole = await exportPerson(db, config, request.query.email, currentUser(request).id);
      void reply.header('content-disposition', 'attachment; filename="donnees-personnelles.json"');
      return whole as typeof whole & { contacts: unknown[]; consentements: unknown[]; envois: unknown[]; ouvertures: unknown[]; clics: unknown[]; rejets: unknown[]; automatisations: unknown[]; visiteur: unknown };
    },
  );

  // The visitor's own data (issue 38): their export, and their erasure asked by e-mail.
  setErasureSettings(config);
  const writeLimit = { rateLimit: { max: config.publicWriteRateLimit, timeWindow: '1 minute' } };
  const readLimit = { rateLimit: { max: config.publicReadRateLimit, timeWindow: '1 minute' } };
  typed.get(
    '/api/visitor/donnees',
    { config: readLimit, schema: { tags: ['personnes'], response: { 200: ExportAnswer } } },
    async (request, reply) => {
      const visitor = await currentVisitor(db, request);
      const whole = await exportPerson(db, config, visitor.email, null);
      void reply.header('content-disposition', 'attachment; filename="mes-donnees.json"');
      return whole as typeof whole & { contacts: unknown[]; consentements: unknown[]; envois: unknown[]; ouvertures: unknown[]; clics: unknown[]; rejets: unknown[]; automatisations: unknown[]; visiteur: unknown };
    },
  );
  typed.post(
    '/api/visitor/donnees/effacement',
    { config: writeLimit, schema: { tags: ['personnes'], response: { 202: SelfErasureAnswer } } },
    async (request, reply) => {
      const visitor = await currentVisitor(db, request);
      await db.transaction((tx) => requestSelfErasure(tx, 'effacement', visitor.id));
      return reply.code(202).send({ message: copy.requested });
    },
  );

  startRetention(app, context);
};
