import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Queryable, Row } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { currentUser, isAdmin, type AuthUser } from '../../shared/auth';
import { registerCrud } from '../../shared/crud';
import { badRequest, conflict, forbidden } from '../../shared/errors';
import { findOwnedItem } from '../../shared/hydra';
import { grpResource } from '../lists';
import { segmentsCopy as copy } from './copy';
import { countSegment, defOf, segmentContacts, segmentInUse } from './repository';
import { checkRules } from './rules';
import { segmentResource } from './resource';
import { ContactsQuery, SegmentContactsAnswer, SegmentCountAnswer, SegmentCreate, SegmentParams, SegmentPatch, SegmentPreview } from './schemas';

/** The list and rules of a segment about to be written: the list its owner's, the rules checked (a 400 or 404 naming the rule). */
async function checked(values: Row, user: AuthUser, tx: Queryable): Promise<Row> {
  const owner = Number(values.user);
  if (values.grp !== null && values.grp !== undefined) {
    const grp = await findOwnedItem(tx, grpResource, Number(values.grp), user);
    if (Number(grp.user) !== owner) throw badRequest('grp', copy.listNotOwner);
    if (Number(grp.actif) === 0) throw badRequest('grp', copy.listDeleted);
  }
  return { ...values, rules: await checkRules(tx, owner, values.rules) };
}

/**
 * `/api/segments` (issue 37, docs/architecture.md, «Segments»): an owner's segments, CRUD like
 * lists, their live count and their contacts.
 */
export const segmentsRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, authenticate } = context;
  registerCrud(app, context, segmentResource, {
    createBody: SegmentCreate,
    patchBody: SegmentPatch,
    tag: 'segments',
    beforeCreate: (values, user, tx) => checked(values, user, tx),
    // The merge-patch replaces the rules as a whole: a list is not merged item by item.
    beforeUpdate: async (values, current, user, tx) => {
      const merged = { ...current, ...values };
      const rulesGiven = Array.isArray(values.rules);
      const result = await checked({ ...merged, rules: rulesGiven ? values.rules : current.rules }, user, tx);
      return { ...values, rules: result.rules };
    },
  });

  const typed = app.withTypeProvider<TypeBoxTypeProvider>();

  // The console's live count: the rules as they are being written, checked as a save would.
  typed.post(
    '/api/segments/count',
    { onRequest: authenticate, schema: { tags: ['segments'], body: SegmentPreview, response: { 200: SegmentCountAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const owner = request.body.user ?? user.id;
      if (owner !== user.id && !isAdmin(user)) throw forbidden("Vous ne pouvez compter que vos propres contacts (champ 'user').");
      const values = await checked({ ...request.body, user: owner }, user, db);
      return { count: await countSegment(db, defOf({ ...values, name: '' })) };
    },
  );

  typed.get(
    '/api/segments/:id/count',
    { onRequest: authenticate, schema: { tags: ['segments'], params: SegmentParams, response: { 200: SegmentCountAnswer } } },
    async (request) => {
      const row = await findOwnedItem<Row>(db, segmentResource, request.params.id, currentUser(request));
      return { count: await countSegment(db, defOf(row)) };
    },
  );

  typed.get(
    '/api/segments/:id/contacts',
    { onRequest: authenticate, schema: { tags: ['segments'], params: SegmentParams, querystring: ContactsQuery, response: { 200: SegmentContactsAnswer } } },
    async (request) => {
      const row = await findOwnedItem<Row>(db, segmentResource, request.params.id, currentUser(request));
      return segmentContacts(db, defOf(row), request.params.id, request.query);
    },
  );

  typed.delete(
    '/api/segments/:id',
    { onRequest: authenticate, schema: { tags: ['segments'], params: SegmentParams, response: { 204: { description: 'Supprimé.', type: 'null' } } } },
    async (request, reply) => {
      await findOwnedItem(db, segmentResource, request.params.id, currentUser(request));
      if (await segmentInUse(db, request.params.id)) throw conflict(copy.inUse, 'id');
      await db.query('DELETE FROM segment WHERE id = $1', [request.params.id]);
      return reply.code(204).send();
    },
  );
};
