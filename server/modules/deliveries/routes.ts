import { isDeepStrictEqual } from 'node:util';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Row } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { currentUser, isAdmin } from '../../shared/auth';
import { registerCrud } from '../../shared/crud';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { ADMIN_ONLY } from '../../shared/access';
import { findOwnedItem, insertItem, toItem, updateItem } from '../../shared/hydra';
import { validateAmp4EmailInThread } from '../../shared/amp4email/thread';
import { checkCodes, checkEncoding, checkPublishable, judgeAmp } from './code';
import { listVersions, markPublished, nextVersion, saveVersion } from './repository';
import { deliveryResource as def } from './resource';
import {
  AmpValidationAnswer,
  AmpValidationBody,
  DeliveryAnswer,
  DeliveryRefusal,
  DeliveryCreate,
  DeliveryNew,
  DeliveryPatch,
  DeliveryRefParams,
  DeliveryVersionsAnswer,
  ModeleNew,
  PublishedDeliveryAnswer,
  StartersAnswer,
} from './schemas';
import { STARTERS } from './starters';

const TAGS = ['deliveries'];

export const deliveriesRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, authenticate } = context;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  registerCrud(app, context, def, {
    createBody: DeliveryCreate,
    patchBody: DeliveryPatch,
    // The create-template button is the admin's (spec §6); the server holds to it too.
    adminOnlyCreate: true,
    tag: 'deliveries',
    refusal: DeliveryRefusal,
    // The AMP code is judged in its thread before the transaction opens.
    prepare: judgeAmp,
    beforeCreate: async (values, _user, tx, judged) =>
      checkCodes({ ...values, version: await nextVersion(tx, String(values.internalname), Number(values.user)) }, undefined, judged),
    beforeUpdate: (values, current, _user, _tx, judged) => {
      // Saving moves to the next version; anything else means another save came first.
      const version = values.version as number | undefined;
      if (version !== undefined && version !== current.version && version !== Number(current.version) + 1) {
        throw conflict(
          `Le modèle est à la version ${current.version} : la version ${version} ne peut pas être enregistrée. Rechargez-le.`,
          'version',
        );
      }
      return checkCodes(values, current, judged);
    },
    afterWrite: (row, tx) => saveVersion(tx, row),
  });

  typed.get(
    '/api/deliveryAll/:ref',
    { onRequest: authenticate, schema: { tags: TAGS, params: DeliveryRefParams, response: { 200: DeliveryVersionsAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const { ref } = request.params;
      if (/^[0-9]+$/.test(ref)) {
        const id = Number(ref);
        await findOwnedItem(db, def, id, user);
        return { data: await listVersions(db, { id }, user) };
      }
      const data = await listVersions(db, { internalname: ref }, user);
      if (data.length === 0) throw notFound(`Delivery ${ref}`);
      return { data };
    },
  );

  typed.post(
    '/api/delivery/new',
    { onRequest: authenticate, schema: { tags: TAGS, body: DeliveryNew, response: { 201: DeliveryAnswer, 400: DeliveryRefusal } } },
    async (request, reply) => {
      const user = currentUser(request);
      if (!isAdmin(user)) throw forbidden(ADMIN_ONLY.templates);
      const body = request.body as Row;
      const owner = Number(body.user ?? user.id);
      const judged = await judgeAmp(body);
      const row = await db.transaction(async (tx) => {
        const values = await checkCodes(
          { ...body, user: owner, version: await nextVersion(tx, String(body.internalname), owner) },
          undefined,
          judged,
        );
        const created = await insertItem(tx, def, values);
        await saveVersion(tx, created);
        return created;
      });
      return reply.code(201).send(toItem(def, row));
    },
  );

  // MEP: publishes the delivery's current version, after writing what the body changes as a new one.
  typed.post(
    '/api/amp/bo/modele/new',
    { onRequest: authenticate, schema: { tags: TAGS, body: ModeleNew, response: { 201: PublishedDeliveryAnswer, 400: DeliveryRefusal } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, ...fields } = request.body as Row & { id?: number };
      checkEncoding(fields);
      const judged = await judgeAmp(fields);
      const published = await db.transaction(async (tx) => {
        let row: Row;
        if (id === undefined) {
          if (!isAdmin(user)) throw forbidden(ADMIN_ONLY.templates);
          if (!fields.internalname) {
            throw badRequest('internalname', "Le champ 'internalname' est obligatoire pour un nouveau modèle.");
          }
          const version = await nextVersion(tx, String(fields.internalname), user.id);
          row = await insertItem(tx, def, { ...fields, user: user.id, version });
        } else {
          const current = await findOwnedItem(tx, def, id, user);
          if (current.actif === 0 && fields.actif !== 1) throw conflict('Ce modèle est supprimé.', 'id');
          const changed = Object.entries(fields).some(([name, value]) => !isDeepStrictEqual(current[name], value));
          row = changed ? await updateItem(tx, def, id, { ...fields, version: Number(current.version) + 1 }) : current;
        }
        // What goes into production must make a sendable message (rolled back otherwise).
        await checkPublishable(row, judged);
        await saveVersion(tx, row);
        return { ...toItem(def, row), publishedAt: await markPublished(tx, Number(row.id), Number(row.version)) };
      });
      return reply.code(201).send(published);
    },
  );

  // What « Nouveau modèle » offers to start from (issue 41).
  typed.get(
    '/api/delivery/starters',
    { onRequest: authenticate, schema: { tags: TAGS, response: { 200: StartersAnswer } } },
    async () => ({ starters: STARTERS.map((starter) => ({ ...starter })) }),
  );

  // The Code tab's AMP editor asks as the operator types; saving and MEP check the same rules.
  typed.post(
    '/api/delivery/amp/validation',
    { onRequest: authenticate, schema: { tags: TAGS, body: AmpValidationBody, response: { 200: AmpValidationAnswer } } },
    async (request) => {
      const { codeAmp } = request.body as { codeAmp: string };
      // In the validation thread, within its time limit (past it: 422 naming the field).
      return { errors: codeAmp.trim() === '' ? [] : await validateAmp4EmailInThread(codeAmp, { handlebars: true }) };
    },
  );
};
