import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { currentUser } from '../../shared/auth';
import { badRequest } from '../../shared/errors';
import { findOwnedItem } from '../../shared/hydra';
import { addRecipientsSince, countContacts, lastContactCreated, refreshContacts } from './repository';
import { grpResource } from './resource';
import { ByDateAnswer, ByDateBody, GrpIdParams, LastContactAnswer, LastQuery, RefreshAnswer } from './schemas';

/** '2026-02-30' matches the pattern but is no day of the calendar. */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(new Date(value).getTime());
}

/**
 * The list refresh of spec §4 and §7.4: the date of the caller's newest contact, adding the
 * recipients created since a date, and the refresh trigger the console polls.
 */
export function registerRefreshRoutes(app: FastifyInstance, { db, authenticate }: ModuleContext): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['lists'];

  typed.get('/api/grprcp/last', { onRequest: authenticate, schema: { tags, querystring: LastQuery, response: { 200: LastContactAnswer } } }, async (request) => {
    const user = currentUser(request);
    const { grp } = request.query;
    // In one list, the list's owner's contacts; else the caller's own.
    const owner = grp ? Number((await findOwnedItem(db, grpResource, grp, user)).user) : user.id;
    return { created: await lastContactCreated(db, owner, grp) };
  });

  typed.post(
    '/api/mgt/RT/createGrpRcp/byDate',
    { onRequest: authenticate, schema: { tags, body: ByDateBody, response: { 200: ByDateAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const { created, grp } = request.body;
      if (!isCalendarDate(created)) throw badRequest('created', "Le champ 'created' n'est pas une date.");
      const owner = grp ? Number((await findOwnedItem(db, grpResource, grp, user)).user) : user.id;
      return { created, added: await addRecipientsSince(db, owner, created, grp) };
    },
  );

  typed.get(
    '/api/grps/:id/refresh',
    { onRequest: authenticate, schema: { tags, params: GrpIdParams, response: { 200: RefreshAnswer } } },
    async (request) => {
      const { id } = request.params;
      await findOwnedItem(db, grpResource, id, currentUser(request));
      const refreshed = await refreshContacts(db, id);
      return { ready: refreshed !== null, updated: 0, deactivated: 0, ...refreshed, ...(await countContacts(db, id)) };
    },
  );
}
