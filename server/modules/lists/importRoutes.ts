import { recordAudit } from '../audit';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModuleContext } from '../../shared/context';
import { currentUser } from '../../shared/auth';
import { HttpError } from '../../shared/errors';
import { findOwnedItem } from '../../shared/hydra';
import { importCsv } from './csvImport';
import { grpResource } from './resource';
import { GrpIdParams, ImportAnswer, ImportQuery } from './schemas';

const CSV = 'text/csv';

/** `POST /api/grps/{id}/import`: a CSV of contacts, streamed into the list (text/csv body). */
export function registerImportRoutes(app: FastifyInstance, { db, authenticate, config }: ModuleContext): void {
  // A scope of its own: the CSV parser hands the raw stream over, which only this route reads
  // (on a route with a body schema it would reach validation as a stream). JSON is refused here.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(CSV, (_request, payload, done) => done(null, payload));

    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/grps/:id/import',
      {
        onRequest: authenticate,
        config: { accepts: CSV },
        schema: { tags: ['lists'], params: GrpIdParams, querystring: ImportQuery, response: { 200: ImportAnswer } },
      },
      async (request) => {
        if (!(request.body instanceof Readable)) {
          throw new HttpError(415, `Envoyez le fichier CSV dans le corps de la requête (Content-Type: ${CSV}).`, 'content-type');
        }
        const grp = await findOwnedItem(db, grpResource, request.params.id, currentUser(request));
        const report = await importCsv(db, { id: Number(grp.id), user: Number(grp.user) }, request.body, {
          origin: request.query.origin || 'import',
          file: request.query.file ?? null,
          maxBytes: config.importMaxBytes,
          erasureKeys: config,
        });
        await recordAudit(db, config, { user: currentUser(request).id, action: 'contacts.imported', rows: report.added, detail: { list: Number(grp.id) } });
        return report;
      },
    );
  });
}
