import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TObject, TSchema } from '@sinclair/typebox';
import type { Queryable, Row } from '../db/db';
import { ReadCache } from '../db/readCache';
import { currentUser, isAdmin, type AuthUser } from './auth';
import type { ModuleContext } from './context';
import { forbidden } from './errors';
import {
  applyMergePatch,
  collectionQuerySchema,
  collectionResponseSchema,
  findOwnedItem,
  idParamsSchema,
  insertItem,
  itemResponseSchema,
  listCollection,
  scopeQuery,
  toItem,
  updateItem,
  type ResourceDef,
} from './hydra';

/**
 * Collection pages kept while their table is not written (readCache.ts; on PostgreSQL the table
 * must be in tableChanges.ts's NOTIFYING_TABLES, or it is read through).
 * Small pages only, so that the cache stays within a few megabytes.
 */
const PAGE_CACHE = { maxEntries: 500, ttlMs: 60_000 };
const keepPage = (page: { 'hydra:member': unknown[] }) => page['hydra:member'].length <= 100;

export interface CrudOptions {
  /** Body schema of POST; omit to register no POST. */
  createBody?: TObject;
  /** Body schema of PATCH (merge-patch); omit to register no PATCH. */
  patchBody?: TObject;
  /**
   * Work on a POST or PATCH body done before its transaction opens (a check run in a thread,
   * which the transaction should not wait for); its answer is given to beforeCreate/beforeUpdate.
   */
  prepare?: (body: Row) => Promise<unknown>;
  /** Completes or checks a new item's values (defaults, uniqueness); runs in the request. */
  beforeCreate?: (values: Row, user: AuthUser, tx: Queryable, prepared: unknown) => Promise<Row> | Row;
  /** Checks a patch against the current item; answers the values to write. */
  beforeUpdate?: (values: Row, current: Row, user: AuthUser, tx: Queryable, prepared: unknown) => Promise<Row> | Row;
  /** Runs in the same transaction after a POST or PATCH wrote the row (history, side tables). */
  afterWrite?: (row: Row, tx: Queryable) => Promise<void>;
  /** Only admins may create (the console's admin-only buttons, enforced here too). */
  adminOnlyCreate?: boolean;
  /** Only admins may change. */
  adminOnlyUpdate?: boolean;
  /** Adds to the item GET answers (a contact's consent events); runs after the ownership check. */
  itemExtras?: (row: Row, db: Queryable) => Promise<Row>;
  /** OpenAPI tag; defaults to the resource path. */
  tag?: string;
  /** The 400 answer of POST and PATCH, when their refusals carry more than ErrorAnswer. */
  refusal?: TSchema;
}

/**
 * Registers the API Platform operations of a resource owned by a user: GET collection
 * (filters, order, pagination, ownership), GET item, POST, PATCH (merge-patch).
 * A non-admin works only on their own rows; the owner field of a new row is the caller,
 * unless an admin names another user.
 */
export function registerCrud(app: FastifyInstance, { db, authenticate }: ModuleContext, def: ResourceDef, options: CrudOptions = {}) {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = [options.tag ?? def.path];
  const base = `/api/${def.path}`;
  const item = itemResponseSchema(def);
  const pages = new ReadCache<Awaited<ReturnType<typeof listCollection>>>(db, def.table, PAGE_CACHE);

  typed.get(
    base,
    { onRequest: authenticate, schema: { tags, querystring: collectionQuerySchema(def), response: { 200: collectionResponseSchema(def) } } },
    async (request) => {
      const query = scopeQuery(def, request.query, currentUser(request));
      // The answer depends on the scoped query alone: the owner filter is in it for non-admins.
      const collection = await pages.read(JSON.stringify(query), () => listCollection(db, def, query, base), keepPage);
      // Spread: the response type wants a plain object type, not the HydraCollection interface.
      return { ...collection };
    },
  );

  typed.get(`${base}/:id`, { onRequest: authenticate, schema: { tags, params: idParamsSchema, response: { 200: item } } }, async (request) => {
    const row = await findOwnedItem(db, def, request.params.id, currentUser(request));
    return options.itemExtras ? { ...toItem(def, row), ...(await options.itemExtras(row, db)) } : toItem(def, row);
  });

  if (options.createBody) {
    typed.post(
      base,
      {
        onRequest: authenticate,
        schema: { tags, body: options.createBody, response: { 201: item, ...(options.refusal ? { 400: options.refusal } : {}) } },
      },
      async (request: FastifyRequest<{ Body: Row }>, reply) => {
        const user = currentUser(request);
        if (options.adminOnlyCreate && !isAdmin(user)) throw forbidden('Réservé aux administrateurs.');
        const body = request.body;
        const owner = body[def.owner] === undefined ? user.id : Number(body[def.owner]);
        if (owner !== user.id && !isAdmin(user)) {
          throw forbidden(`Vous ne pouvez créer que pour vous-même (champ '${def.owner}').`);
        }
        const prepared = await options.prepare?.(body);
        const created = await db.transaction(async (tx) => {
          const values = { ...body, [def.owner]: owner };
          const row = await insertItem(tx, def, options.beforeCreate ? await options.beforeCreate(values, user, tx, prepared) : values);
          await options.afterWrite?.(row, tx);
          return row;
        });
        return reply.code(201).send(toItem(def, created));
      },
    );
  }

  if (options.patchBody) {
    typed.patch(
      `${base}/:id`,
      {
        onRequest: authenticate,
        schema: {
          tags,
          params: idParamsSchema,
          body: options.patchBody,
          response: { 200: item, ...(options.refusal ? { 400: options.refusal } : {}) },
        },
      },
      async (request: FastifyRequest<{ Params: { id: number }; Body: Row }>) => {
        const user = currentUser(request);
        if (options.adminOnlyUpdate && !isAdmin(user)) throw forbidden('Réservé aux administrateurs.');
        const { id } = request.params;
        const prepared = await options.prepare?.(request.body);
        const updated = await db.transaction(async (tx) => {
          const current = await findOwnedItem(tx, def, id, user);
          const patch = request.body;
          if (patch[def.owner] !== undefined && Number(patch[def.owner]) !== current[def.owner] && !isAdmin(user)) {
            throw forbidden(`Vous ne pouvez pas céder cette ressource (champ '${def.owner}').`);
          }
          let values = applyMergePatch(def, current, patch);
          if (options.beforeUpdate) values = await options.beforeUpdate(values, current, user, tx, prepared);
          const row = await updateItem(tx, def, id, values);
          await options.afterWrite?.(row, tx);
          return row;
        });
        return toItem(def, updated);
      },
    );
  }
}
