import { recordAudit } from '../audit';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { currentUser } from '../../shared/auth';
import { badRequest } from '../../shared/errors';
import { findOwnedItem } from '../../shared/hydra';
import { ContactBatch } from './contactBatch';
import { deactivateContactsOutside } from './repository';
import { grpResource } from './resource';
import { TargetListAnswer, TargetListBody } from './schemas';

const MAX_ADDRESSES = 200_000;

function decodeAddresses(encoded: string): string[] {
  const text = Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (text.includes('\uFFFD')) throw badRequest('emails', "Le champ 'emails' n'est pas du texte encodé en base64.");
  return text.split(/[\s,;]+/).filter(Boolean);
}

/**
 * The target list request of spec §7.3 (`amp/bo/target/new`): base64 e-mails added to a
 * list; 'replace' mode also takes out of the list the active contacts it does not name.
 */
export function registerTargetRoutes(app: FastifyInstance, context: ModuleContext): void {
  const { db, authenticate } = context;
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/amp/bo/target/new',
    { onRequest: authenticate, schema: { tags: ['lists'], body: TargetListBody, response: { 200: TargetListAnswer } } },
    async (request) => {
      const { internalname, origin, emails, mode = 'add' } = request.body;
      const addresses = decodeAddresses(emails);
      if (addresses.length === 0) throw badRequest('emails', 'La liste ne contient aucune adresse.');
      if (addresses.length > MAX_ADDRESSES) throw badRequest('emails', `Au plus ${MAX_ADDRESSES} adresses par requête.`);
      const grp = await findOwnedItem(db, grpResource, Number(internalname), currentUser(request));
      const list = { id: Number(grp.id), user: Number(grp.user) };
      // Batches outside one long transaction, yielding between them: a 200,000-address list
      // must not hold the embedded database (and every other request) for its whole length.
      // The request is idempotent, so a client whose request broke off sends it again.
      const batch = new ContactBatch(db, list, origin || 'ciblage', undefined, context.config);
      for (const [index, email] of addresses.entries()) await batch.add({ line: index + 1, email });
      const report = await batch.finish();
      const removed = mode === 'replace' ? await deactivateContactsOutside(db, list.id, addresses) : 0;
      await recordAudit(db, context.config, { user: currentUser(request).id, action: 'contacts.imported', rows: report.added + removed, detail: { list: list.id, origin: 'ciblage' } });
      return { grp: list.id, mode, ...report, removed };
    },
  );
}
