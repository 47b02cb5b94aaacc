import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Queryable, Row } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { currentUser, isAdmin, type AuthUser } from '../../shared/auth';
import { registerCrud } from '../../shared/crud';
import { badRequest, conflict, forbidden } from '../../shared/errors';
import { findOwnedItem, mergePatch } from '../../shared/hydra';
import { checkAttribsCount, normaliseAttribs } from './attribs';
import { countContacts, countSuppressedContacts, findContactByEmail } from './repository';
import { grpResource, grpRcpResource } from './resource';
import { AttribNamesAnswer, GrpCreate, GrpIdParams, GrpPatch, GrpRcpCreate, GrpRcpPatch, ListCountsAnswer, ListCountsQuery } from './schemas';
import { attribNamesOf } from './csvExport';
import { registerRefreshRoutes } from './refreshRoutes';
import { registerTargetRoutes } from './targetRoutes';
import { registerImportRoutes } from './importRoutes';
import { registerExportRoutes } from './exportRoutes';
import { listsCopy as copy } from './copy';
import { consentOf } from './consent';
import { removeExpiredPending } from './optIn';
import { registerSubscribeRoutes } from './subscribeRoutes';
import { erasedAmong, suppressionOf, suppressionsCopy } from '../suppressions';
import { recordAudit } from '../audit';

export const listsRoutes: FastifyPluginAsync<ModuleContext> = async (app, context) => {
  const { db, authenticate, config } = context;
  /** Only an admin marks the public default list; marking one unmarks the one before (one at most). */
  const publicDefault = async (values: Row, user: AuthUser, tx: Queryable, id: number | null) => {
    if (values.publicDefault === undefined) return values;
    if (!isAdmin(user)) throw forbidden(copy.publicDefault.adminOnly);
    if (values.publicDefault === true) await tx.query('UPDATE grp SET public_default = false WHERE public_default AND id IS DISTINCT FROM $1', [id]);
    return values;
  };
  registerCrud(app, context, grpResource, {
    createBody: GrpCreate,
    patchBody: GrpPatch,
    tag: 'lists',
    beforeCreate: (values, user, tx) => publicDefault(values, user, tx, null),
    beforeUpdate: (values, current, user, tx) => publicDefault(values, user, tx, Number(current.id)),
  });

  registerCrud(app, context, grpRcpResource, {
    createBody: GrpRcpCreate,
    patchBody: GrpRcpPatch,
    tag: 'lists',
    // A contact's consent events (docs/architecture.md, «Contacts and consent»), newest last.
    itemExtras: async (row, reader) => ({ consent: await consentOf(reader, Number(row.id)) }),
    // A contact's attributes, checked and their names trimmed and lower-cased before anything is read.
    prepare: async (body) => (body.attribs === undefined ? undefined : normaliseAttribs(body.attribs, { patch: body.email === undefined })),
    // A contact belongs to its list's owner; an e-mail is in a list once.
    beforeCreate: async (values: Row, user, tx, attribs) => {
      const grp = await findOwnedItem(tx, grpResource, Number(values.grp), user);
      const email = String(values.email).trim();
      if (await findContactByEmail(tx, Number(values.grp), email)) {
        throw conflict(`${email} est déjà dans cette liste.`, 'email');
      }
      // No list of an owner takes an address on their suppression list (docs/architecture.md, «Suppression list»).
      const suppressed = await suppressionOf(tx, [Number(grp.user)], email);
      if (suppressed) throw conflict(suppressionsCopy.notAddable(email, suppressed.reason), 'email');
      // An erased person's address (its keyed hash in the suppression list) is not taken back by an operator (issue 38).
      if ((await erasedAmong(tx, config, [email])).size > 0) throw conflict(suppressionsCopy.notAddable(email, 'effacement'), 'email');
      await recordAudit(tx, config, { user: user.id, action: 'contact.added', email, rows: 1, detail: { list: Number(grp.id) } });
      return { ...values, email, user: grp.user, attribs: attribs ?? undefined };
    },
    beforeUpdate: async (values: Row, current: Row, user, tx, attribs) => {
      if (attribs !== undefined) {
        // The merge-patch again, with the names as stored (the route's merge used them as given).
        values.attribs = mergePatch(current.attribs, attribs);
        checkAttribsCount(values.attribs);
      }
      const removing = values.status === 'retiré' || values.actif === 0;
      await recordAudit(tx, config, {
        user: user.id,
        action: removing ? 'contact.removed' : 'contact.edited',
        email: String(current.email),
        rows: 1,
        detail: { list: Number(current.grp), fields: Object.keys(values) },
      });
      if (values.status !== undefined && values.actif !== undefined && (values.status === 'actif') !== (values.actif === 1)) {
        throw badRequest('status', copy.contacts.statusAndActif);
      }
      // Whoever unsubscribed themself is mailed again only if they subscribe again (RGPD).
      const resubscribing = values.status === 'actif' || values.actif === 1;
      if (resubscribing && current.status === 'désabonné' && current.unsubscribedBy === 'contact') {
        throw conflict(copy.contacts.unsubscribedByContact(String(current.email)), 'status');
      }
      // Only the contact confirms a subscription (double opt-in); an operator may remove it.
      if (resubscribing && current.status === 'en attente') {
        throw conflict(copy.contacts.pendingConfirmation(String(current.email)), 'status');
      }
      // An address on the owner's suppression list is mailed by none of their lists: it is not put back either.
      if (resubscribing && current.status !== 'actif') {
        const suppressed = await suppressionOf(tx, [Number(current.user)], String(current.email));
        if (suppressed) throw conflict(suppressionsCopy.notAddable(String(current.email), suppressed.reason), 'status');
      }
      return values;
    },
  });

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/grp_rcps/:id/count',
    {
      onRequest: authenticate,
      schema: { tags: ['lists'], params: GrpIdParams, querystring: ListCountsQuery, response: { 200: ListCountsAnswer } },
    },
    async (request) => {
      await findOwnedItem(db, grpResource, request.params.id, currentUser(request));
      const counts = await countContacts(db, request.params.id);
      // Asked for by Envoyer's confirmation: how many of the active contacts a send leaves out.
      if (request.query.suppressed !== '1') return counts;
      return { ...counts, suppressed: await countSuppressedContacts(db, request.params.id) };
    },
  );

  // The attribute names the list's contacts have (issue 37): the contacts table's columns and filter.
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/grps/:id/attribs',
    { onRequest: authenticate, schema: { tags: ['lists'], params: GrpIdParams, response: { 200: AttribNamesAnswer } } },
    async (request) => {
      await findOwnedItem(db, grpResource, request.params.id, currentUser(request));
      return { names: await attribNamesOf(db, request.params.id) };
    },
  );

  registerRefreshRoutes(app, context);
  registerTargetRoutes(app, context);
  registerImportRoutes(app, context);
  registerExportRoutes(app, context);
  registerSubscribeRoutes(app, context);

  // Unconfirmed subscriptions leave after OPTIN_EXPIRY_DAYS: checked at start, then hourly.
  let purge: NodeJS.Timeout | undefined;
  const expire = () => removeExpiredPending(db, config.optinExpiryDays).catch((error: unknown) => app.log.warn({ err: error }, 'opt-in expiry failed'));
  app.addHook('onReady', async () => {
    void expire();
    purge = setInterval(expire, 60 * 60 * 1000);
    purge.unref();
  });
  app.addHook('onClose', async () => clearInterval(purge));
};
