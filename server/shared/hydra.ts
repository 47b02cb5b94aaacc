import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { Queryable, Row } from '../db/db';
import { badRequest, forbidden, notFound } from './errors';
import { isAdmin, type AuthUser } from './auth';

/**
 * The API Platform layer every resource reuses: JSON-LD items, Hydra collections with exact
 * filters, `order[field]`, pagination, and the ownership rule.
 */

export type FieldKind = 'int' | 'text' | 'json' | 'timestamp' | 'bool';

export interface FieldDef {
  column: string;
  kind: FieldKind;
  /** The values a text field takes: its exact filter refuses any other (a French 400 naming it). */
  values?: readonly string[];
}

export interface ResourceDef {
  /** JSON-LD type, e.g. `Grp`. */
  type: string;
  /** Path segment under /api, e.g. `grps`. */
  path: string;
  table: string;
  fields: Record<string, FieldDef>;
  /** Fields usable as `?field=value` exact filters. */
  filters: string[];
  /** Timestamp fields usable as `?field[after]=…` and `?field[before]=…` (API Platform's DateFilter, bounds included). */
  dateFilters?: string[];
  /** Fields usable in `order[field]=asc|desc`; several keys sort in the order the query gives them. */
  orderable: string[];
  /** Text fields `?search=` matches partially, ignoring case and accents (any of them). */
  searchable?: string[];
  /**
   * A stored column holding the searchable fields already folded by `foldSql` (a generated
   * column): large tables search it instead of folding each field of each row per query.
   */
  searchColumn?: string;
  /**
   * A JSON object field filtered by its keys: `?field[name]=value` keeps the rows whose `name`
   * equals the value, ignoring case and accents (a contact's attributes, issue 37).
   */
  attribFilter?: string;
  /** The field holding the owning user's id; a non-admin sees only rows they own. */
  owner: string;
  /** Order used when the query names none (the id always breaks ties). */
  defaultOrder?: { field: string; direction: 'asc' | 'desc' };
}

export const DEFAULT_ITEMS_PER_PAGE = 30;
export const MAX_ITEMS_PER_PAGE = 1000;

export type CollectionQuery = Record<string, unknown>;

export interface HydraCollection<T> {
  '@context': string;
  '@id': string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, string>;
}

/** A date filter's two bounds: `after` (>=) and `before` (<=). */
const DATE_BOUNDS = ['after', 'before'] as const;

const filterSchema = ({ kind, values }: FieldDef): TSchema =>
  values
    ? Type.Union(values.map((value) => Type.Literal(value)))
    : kind === 'int'
      ? Type.Integer({ minimum: -2147483648, maximum: 2147483647 })
      : kind === 'bool'
        ? Type.Boolean()
        : Type.String({ maxLength: 500 });

/** The querystring schema of a collection: its filters, its order keys, page and itemsPerPage. */
export function collectionQuerySchema(def: ResourceDef): TObject {
  const properties: Record<string, TSchema> = {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    itemsPerPage: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ITEMS_PER_PAGE })),
  };
  for (const name of def.filters) properties[name] = Type.Optional(filterSchema(def.fields[name]));
  for (const name of def.dateFilters ?? []) {
    for (const bound of DATE_BOUNDS) {
      properties[`${name}[${bound}]`] = Type.Optional(
        Type.String({ format: 'date-time', maxLength: 40, description: `${name} ${bound === 'after' ? 'à partir de' : "jusqu'à"} cet instant (compris), avec son fuseau.` }),
      );
    }
  }
  if (def.searchable?.length) {
    properties.search = Type.Optional(
      Type.String({
        maxLength: 200,
        description: `Partial match, ignoring case and accents, on any of: ${def.searchable.join(', ')}.`,
      }),
    );
  }
  for (const name of def.orderable) {
    properties[`order[${name}]`] = Type.Optional(
      Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
        description: 'Sort key; several order[...] keys sort by the first given, then the next.',
      }),
    );
  }
  if (def.attribFilter) {
    return Type.Object(properties, {
      patternProperties: { [`^${def.attribFilter}\\[[^\\]]{1,64}\\]$`]: Type.String({ maxLength: 500 }) },
    });
  }
  return Type.Object(properties);
}

/** At most this many `field[name]` filters in one query. */
export const MAX_ATTRIB_FILTERS = 5;

/**
 * A field's answer schema. Nullable through `nullable` (OpenAPI 3.0's way), not `anyOf` with
 * null: fast-json-stringify writes a nullable field directly, where it checks an `anyOf` value
 * against each branch with Ajv, date-time format included, for every field of every row.
 */
const fieldSchema = (kind: FieldKind): TSchema =>
  kind === 'json'
    ? Type.Unknown()
    : kind === 'int'
      ? Type.Unsafe<number | null>({ type: 'integer', nullable: true })
      : kind === 'bool'
        ? Type.Unsafe<boolean | null>({ type: 'boolean', nullable: true })
      : Type.Unsafe<string | null>({ type: 'string', nullable: true, ...(kind === 'timestamp' ? { format: 'date-time' } : {}) });

/**
 * The JSON-LD item a resource answers, from its field list: a field added to the definition is
 * answered without another change. Other properties a route adds pass through (Fastify's
 * serializer would drop them otherwise).
 */
export function itemResponseSchema(def: ResourceDef): TObject {
  const fields = Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, fieldSchema(field.kind)]));
  return Type.Object({ '@id': Type.String(), '@type': Type.Literal(def.type), ...fields }, { additionalProperties: true });
}

/** The Hydra collection a resource answers. */
export function collectionResponseSchema(def: ResourceDef): TObject {
  return Type.Object({
    '@context': Type.String(),
    '@id': Type.String(),
    '@type': Type.Literal('hydra:Collection'),
    'hydra:member': Type.Array(itemResponseSchema(def)),
    'hydra:totalItems': Type.Integer(),
    'hydra:view': Type.Optional(Type.Record(Type.String(), Type.String())),
  }, { additionalProperties: true });
}

export const idParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export function iri(def: ResourceDef, id: unknown): string {
  return `/api/${def.path}/${id}`;
}

export function selectList(def: ResourceDef): string {
  return Object.entries(def.fields)
    .map(([name, field]) => `${field.column} AS "${name}"`)
    .join(', ');
}

export function toItem<T extends Row>(def: ResourceDef, row: T): T & { '@id': string; '@type': string } {
  return { '@id': iri(def, row.id), '@type': def.type, ...row };
}

/**
 * Applies the ownership rule to a collection query: a non-admin's `user` filter must name
 * themself, and is set to them when absent.
 */
export function scopeQuery(def: ResourceDef, query: CollectionQuery, user: AuthUser): CollectionQuery {
  if (isAdmin(user)) return query;
  const requested = query[def.owner];
  if (requested !== undefined && Number(requested) !== user.id) {
    throw forbidden(`Vous ne pouvez consulter que vos propres données (filtre '${def.owner}').`);
  }
  return { ...query, [def.owner]: user.id };
}

export function assertOwner(def: ResourceDef, row: Row, user: AuthUser): void {
  if (!isAdmin(user) && Number(row[def.owner]) !== user.id) {
    throw forbidden('Cette ressource appartient à un autre utilisateur.');
  }
}

/**
 * Lower case without accents, in SQL: `unaccent` is an extension that neither PGlite's default
 * build nor every PostgreSQL host offers, so a fixed `translate()` of the Latin letters French
 * and its neighbours use does the folding on both engines.
 */
const ACCENTED = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿźżž';
const PLAIN = [...ACCENTED].map((c) => (c === 'ł' ? 'l' : c === 'ø' ? 'o' : c.normalize('NFD')[0])).join('');
export const foldSql = (expression: string): string => `translate(lower(${expression}), '${ACCENTED}', '${PLAIN}')`;

/** Escapes LIKE's wildcards so that a needle matches literally. */
const likeLiteral = (needle: string): string => needle.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause and its parameters of a collection query: exact filters and `search`. */
export function collectionWhere(def: ResourceDef, query: CollectionQuery): { whereSql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const name of def.filters) {
    const value = query[name];
    if (value === undefined) continue;
    params.push(value);
    where.push(`${def.fields[name].column} = $${params.length}`);
  }
  for (const name of def.dateFilters ?? []) {
    for (const bound of DATE_BOUNDS) {
      const value = query[`${name}[${bound}]`];
      if (value === undefined) continue;
      params.push(value);
      where.push(`${def.fields[name].column} ${bound === 'after' ? '>=' : '<='} $${params.length}::timestamptz`);
    }
  }
  if (def.attribFilter) {
    const column = def.fields[def.attribFilter].column;
    const prefix = `${def.attribFilter}[`;
    const asked = Object.entries(query).filter(([key, value]) => key.startsWith(prefix) && key.endsWith(']') && value !== undefined);
    if (asked.length > MAX_ATTRIB_FILTERS) {
      throw badRequest(def.attribFilter, `Au plus ${MAX_ATTRIB_FILTERS} filtres '${def.attribFilter}[…]' à la fois.`);
    }
    for (const [key, value] of asked) {
      // The name is a parameter like the value: nothing of the query reaches the SQL as text.
      params.push(key.slice(prefix.length, -1).trim().toLowerCase(), String(value));
      where.push(`${foldSql(`${column} ->> $${params.length - 1}::text`)} = ${foldSql(`$${params.length}::text`)}`);
    }
  }
  const search = typeof query.search === 'string' ? query.search.trim() : '';
  if (def.searchable?.length && search) {
    params.push(`%${likeLiteral(search)}%`);
    const needle = foldSql(`$${params.length}`);
    where.push(
      def.searchColumn
        ? `${def.searchColumn} LIKE ${needle}`
        : `(${def.searchable.map((name) => `${foldSql(def.fields[name].column)} LIKE ${needle}`).join(' OR ')})`,
    );
  }
  return { whereSql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/**
 * The ORDER BY of a collection query: its `order[...]` keys in the order given, then the id in
 * the last key's direction, so that an index on (…, key, id) reads a page in one scan either way.
 */
export function collectionOrder(def: ResourceDef, query: CollectionQuery): string {
  const order: string[] = [];
  for (const [key, direction] of Object.entries(query)) {
    const name = /^order\[(.+)\]$/.exec(key)?.[1];
    if (!name || !def.orderable.includes(name) || (direction !== 'asc' && direction !== 'desc')) continue;
    order.push(`${def.fields[name].column} ${direction.toUpperCase()}`);
  }
  if (order.length === 0 && def.defaultOrder) {
    order.push(`${def.fields[def.defaultOrder.field].column} ${def.defaultOrder.direction.toUpperCase()}`);
  }
  const last = order[order.length - 1];
  order.push(`${def.fields.id.column} ${last?.endsWith(' DESC') ? 'DESC' : 'ASC'}`);
  return order.join(', ');
}

export async function listCollection<T extends Row>(
  db: Queryable,
  def: ResourceDef,
  query: CollectionQuery,
  requestPath: string,
): Promise<HydraCollection<T & { '@id': string; '@type': string }>> {
  const { whereSql, params } = collectionWhere(def, query);
  const page = Number(query.page ?? 1);
  const itemsPerPage = Number(query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE);
  // Ajv's coercion reads '1e309' as Infinity, an "integer" its bounds do not catch.
  for (const [field, value] of [['page', page], ['itemsPerPage', itemsPerPage]] as const) {
    if (!Number.isSafeInteger(value)) throw badRequest(field, `Le champ '${field}' doit être un nombre entier.`);
  }
  const orderSql = collectionOrder(def, query);
  const offset = (page - 1) * itemsPerPage;
  const rows = await db.query<T>(
    `SELECT ${selectList(def)} FROM ${def.table} ${whereSql} ORDER BY ${orderSql}
     LIMIT ${itemsPerPage} OFFSET ${offset}`,
    params,
  );
  // A page that is neither full nor past the end tells the total: one statement, not two.
  const total =
    rows.length < itemsPerPage && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${def.table} ${whereSql}`, params))[0].total;
  return {
    '@context': `/api/contexts/${def.type}`,
    '@id': `/api/${def.path}`,
    '@type': 'hydra:Collection',
    'hydra:member': rows.map((row) => toItem(def, row)),
    'hydra:totalItems': total,
    ...collectionView(requestPath, query, page, itemsPerPage, total),
  };
}

/** A page's `hydra:view` (first, last, previous, next), absent when one unasked page holds it all. */
export function collectionView(requestPath: string, query: CollectionQuery, page: number, itemsPerPage: number, total: number) {
  const last = Math.max(1, Math.ceil(total / itemsPerPage));
  if (query.page === undefined && last === 1) return {};
  const at = (p: number) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && key !== 'page') search.set(key, String(value));
    }
    search.set('page', String(p));
    return `${requestPath}?${search.toString()}`;
  };
  const links: Record<string, string> = {
    '@id': at(page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': at(1),
    'hydra:last': at(last),
  };
  if (page > 1) links['hydra:previous'] = at(page - 1);
  if (page < last) links['hydra:next'] = at(page + 1);
  return { 'hydra:view': links };
}

export async function findItem<T extends Row>(db: Queryable, def: ResourceDef, id: number): Promise<T> {
  const [row] = await db.query<T>(`SELECT ${selectList(def)} FROM ${def.table} WHERE ${def.fields.id.column} = $1`, [
    id,
  ]);
  if (!row) throw notFound(`${def.type} ${id}`);
  return row;
}

/** Reads an item the caller may see: 404 when absent, 403 when it belongs to someone else. */
export async function findOwnedItem<T extends Row>(
  db: Queryable,
  def: ResourceDef,
  id: number,
  user: AuthUser,
): Promise<T> {
  const row = await findItem<T>(db, def, id);
  assertOwner(def, row, user);
  return row;
}

function columnValue(field: FieldDef, value: unknown): unknown {
  return field.kind === 'json' ? JSON.stringify(value) : value;
}

export async function insertItem<T extends Row>(db: Queryable, def: ResourceDef, values: Row): Promise<T> {
  const names = Object.keys(values).filter((name) => def.fields[name] && values[name] !== undefined);
  const columns = names.map((name) => def.fields[name].column);
  const params = names.map((name) => columnValue(def.fields[name], values[name]));
  const placeholders = params.map((_, i) => `$${i + 1}`);
  const [row] = await db.query<T>(
    `INSERT INTO ${def.table} (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING ${selectList(def)}`,
    params,
  );
  return row;
}

/** Writes the given fields and bumps lastModified when the resource has one. */
export async function updateItem<T extends Row>(db: Queryable, def: ResourceDef, id: number, values: Row): Promise<T> {
  const names = Object.keys(values).filter((name) => def.fields[name] && values[name] !== undefined);
  const sets = names.map((name, i) => `${def.fields[name].column} = $${i + 2}`);
  if (def.fields.lastModified && !names.includes('lastModified')) sets.push(`${def.fields.lastModified.column} = now()`);
  if (sets.length === 0) return findItem<T>(db, def, id);
  const [row] = await db.query<T>(
    `UPDATE ${def.table} SET ${sets.join(', ')} WHERE ${def.fields.id.column} = $1 RETURNING ${selectList(def)}`,
    [id, ...names.map((name) => columnValue(def.fields[name], values[name]))],
  );
  if (!row) throw notFound(`${def.type} ${id}`);
  return row;
}

/** RFC 7396 JSON merge patch: objects merge key by key, null removes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> =
    target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Row) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** The column values a merge-patch body sets: JSON fields merge, the others replace. */
export function applyMergePatch(def: ResourceDef, current: Row, patch: Row): Row {
  const values: Row = {};
  for (const [name, value] of Object.entries(patch)) {
    const field = def.fields[name];
    if (!field || value === undefined) continue;
    values[name] = field.kind === 'json' ? mergePatch(current[name], value) : value;
  }
  return values;
}
