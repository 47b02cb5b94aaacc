import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../../db/db';
import { notFound } from '../../../shared/errors';
import { Answer, PersonExport, type PersonExportData } from '../../../shared/schemas';
import { mailContacts, type PreferenceClient, type PreferencesView } from '../contacts';
import { recordUnsubscribe } from './results';
import type { UnsubscribeTokens } from './unsubscribe';

const Params = Type.Object({ token: Type.String({ maxLength: 100 }) });

const PreferencesAnswer = Answer({
  email: Type.String(),
  lists: Type.Array(
    Answer({
      grp: Type.Integer(),
      subject: Type.String(),
      subscribed: Type.Boolean({ description: 'La personne reçoit les envois de cette liste.' }),
      changeable: Type.Boolean({ description: 'Faux quand seul un opérateur ou une confirmation peut la changer.' }),
    }),
  ),
  suppressed: Type.Boolean({ description: "L'adresse est sur la liste d'exclusion de l'expéditeur : plus rien ne lui est envoyé." }),
  test: Type.Optional(Type.Boolean({ description: "Le lien d'un envoi de test (BAT) : rien ne change." })),
});

const SubscriptionBody = Type.Object({ grp: Type.Integer({ minimum: 1, maximum: 2147483647 }), subscribed: Type.Boolean() }, { additionalProperties: false });

/** What a BAT's link shows: a page that changes nothing. */
const TEST_VIEW: PreferencesView & { test: true } = { email: 'bat@example.org', lists: [], suppressed: false, test: true };

/**
 * What the preference page offers about the person's own data (issue 38): the export and the
 * erasure asked by e-mail. They belong to the module that keeps a person's rights, which mail
 * does not import: it registers them (server/modules/index.ts).
 */
export interface PreferenceDataActions {
  /** Everything held about the contact's address, as an admin's export; null when the contact is gone. */
  exportOf(db: Db, contactId: number): Promise<PersonExportData | null>;
  /** Queues the message whose link confirms the erasure. */
  requestErasure(db: Db, contactId: number): Promise<void>;
}

let dataActions: PreferenceDataActions | null = null;
export const registerPreferenceDataActions = (actions: PreferenceDataActions): void => {
  dataActions = actions;
};
const registeredDataActions = (): PreferenceDataActions => {
  if (!dataActions) throw new Error('no preference data actions registered');
  return dataActions;
};

const ErasureRequested = Answer({ message: Type.String() });
/** As the visitor's space says it (personnes' copy). */
const ERASURE_REQUESTED = "Message envoyé : ouvrez son lien pour confirmer l'effacement de vos données.";

const clientOf = (request: FastifyRequest): PreferenceClient => {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
};

/**
 * The preference page's API (issue 37, docs/architecture.md, «Preference page»), no sign-in: the
 * token of a message's « Gérer mes abonnements » link names its contact. GET reads, and changes
 * nothing (link scanners follow links); each POST is a change of the person's, recorded as a
 * consent event of source `préférences`.
 */
export function registerPreferenceRoutes(app: FastifyInstance, { db, tokens }: { db: Db; tokens: () => UnsubscribeTokens }): void {
  // As the unsubscribe page: only what fails is limited (junk tokens from one address).
  const rateLimit = {
    max: 30,
    timeWindow: '1 minute',
    allowList: (request: FastifyRequest) => tokens().preferences.verify(String((request.params as { token?: unknown }).token ?? '')) !== null,
  };
  const contactOf = (token: string): number | 'test' => {
    const contact = tokens().preferences.verify(token);
    if (contact === null) throw notFound('Lien de préférences');
    return contact;
  };
  const view = async (contactId: number) => {
    const found = await mailContacts().preferencesOf(db, contactId);
    if (!found) throw notFound('Lien de préférences');
    return found;
  };
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const noStore = { 'cache-control': 'no-store' };

  typed.get(
    '/api/preferences/:token',
    { config: { rateLimit }, schema: { tags: ['mail'], params: Params, response: { 200: PreferencesAnswer } } },
    async (request, reply) => {
      const contact = contactOf(request.params.token);
      return reply.headers(noStore).send(contact === 'test' ? TEST_VIEW : await view(contact));
    },
  );

  typed.post(
    '/api/preferences/:token',
    { config: { rateLimit }, schema: { tags: ['mail'], params: Params, body: SubscriptionBody, response: { 200: PreferencesAnswer } } },
    async (request, reply) => {
      const contact = contactOf(request.params.token);
      if (contact === 'test') return reply.headers(noStore).send(TEST_VIEW);
      const left = await mailContacts().setSubscription(db, contact, request.body.grp, request.body.subscribed, clientOf(request));
      // The unsubscribe counts for the latest send that contact was sent, as a message's link's does.
      if (left !== null) await recordUnsubscribe(db, left);
      return reply.headers(noStore).send(await view(contact));
    },
  );

  typed.post(
    '/api/preferences/:token/tout',
    { config: { rateLimit }, schema: { tags: ['mail'], params: Params, response: { 200: PreferencesAnswer } } },
    async (request, reply) => {
      const contact = contactOf(request.params.token);
      if (contact === 'test') return reply.headers(noStore).send(TEST_VIEW);
      const left = await mailContacts().unsubscribeEverywhere(db, contact, clientOf(request));
      for (const id of left) await recordUnsubscribe(db, id);
      return reply.headers(noStore).send(await view(contact));
    },
  );

  // The person's own data from the same link (issue 38): a BAT's link names nobody.
  typed.get(
    '/api/preferences/:token/donnees',
    { config: { rateLimit }, schema: { tags: ['mail'], params: Params, response: { 200: PersonExport } } },
    async (request, reply) => {
      const contact = contactOf(request.params.token);
      const whole = contact === 'test' ? null : await registeredDataActions().exportOf(db, contact);
      if (whole === null) throw notFound('Lien de préférences');
      return reply.headers({ ...noStore, 'content-disposition': 'attachment; filename="mes-donnees.json"' }).send(whole);
    },
  );

  typed.post(
    '/api/preferences/:token/effacement',
    { config: { rateLimit }, schema: { tags: ['mail'], params: Params, response: { 202: ErasureRequested } } },
    async (request, reply) => {
      const contact = contactOf(request.params.token);
      if (contact === 'test') throw notFound('Lien de préférences');
      await registeredDataActions().requestErasure(db, contact);
      return reply.code(202).headers(noStore).send({ message: ERASURE_REQUESTED });
    },
  );
}
