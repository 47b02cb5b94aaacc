import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { currentUser } from '../../shared/auth';
import { findOwnedItem } from '../../shared/hydra';
import { exportContacts } from './csvExport';
import { grpResource } from './resource';
import { ContactsCsvAnswer, ExportQuery, GrpIdParams } from './schemas';

/** `GET /api/grps/{id}/contacts.csv`: the list's contacts (or those the table's search and status show), streamed. */
export function registerExportRoutes(app: FastifyInstance, { db, authenticate }: ModuleContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/grps/:id/contacts.csv',
    { onRequest: authenticate, schema: { tags: ['lists'], params: GrpIdParams, querystring: ExportQuery, response: { 200: ContactsCsvAnswer } } },
    async (request, reply) => {
      const grp = await findOwnedItem(db, grpResource, request.params.id, currentUser(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="liste-${grp.id}-contacts.csv"`)
        .send(Readable.from(exportContacts(db, Number(grp.id), request.query)));
    },
  );
}
