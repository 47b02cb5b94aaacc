import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { currentUser } from '../../shared/auth';
import { findOwnedItem } from '../../shared/hydra';
import { importCsv } from './csvImport';
import { grpResource } from './resource';
import { GrpIdParams, ImportQuery } from './schemas';

/** `POST /api/grps/{id}/import`: a CSV of contacts, streamed into the list (text/csv body). */
export function registerImportRoutes(app: FastifyInstance, { db, authenticate, config }: ModuleContext): void {
  // The body stays a stream: the import reads it as it goes, whatever its size.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/grps/:id/import',
    { onRequest: authenticate, schema: { tags: ['lists'], params: GrpIdParams, querystring: ImportQuery } },
    async (request) => {
      const grp = await findOwnedItem(db, grpResource, request.params.id, currentUser(request));
      return importCsv(db, { id: Number(grp.id), user: Number(grp.user) }, request.body as Readable, {
        origin: request.query.origin || 'import',
        maxBytes: config.importMaxBytes,
      });
    },
  );
}
