import type { Db, Queryable } from '../../db/db';
import type { Config } from '../../config';
import { addressHash } from '../../shared/erasureHash';
import { recordAudit } from '../audit';
import { EXPORT_KEYS, personalDataSources, type PersonExport } from './registry';

/** What an erasure needs of the settings: the data folder and the hash's key. */
export type ErasureSettings = Pick<Config, 'dataDir' | 'erasureSecret'>;

/** Who asks: an operator's id, or null when the person does it themself. */
export type Actor = number | null;

/** The suppression list's own rows of the address (cleared by the erasure, which leaves the hash). */
const SUPPRESSION_TABLE = 'suppression';

const normalise = (email: string): string => email.trim().toLowerCase();

/** The keys of an erasure's answer: every registered table, then the suppression list's. */
export function erasureTables(): string[] {
  return [...new Set([...personalDataSources().flatMap((source) => source.tables), SUPPRESSION_TABLE])];
}

/**
 * Everything the product holds about an address (issue 38), from every registered source, under
 * the export's top-level keys: lists appended, objects merged; `visiteur` null when nothing.
 */
export async function collectPerson(db: Queryable, email: string): Promise<PersonExport> {
  const address = normalise(email);
  const whole: PersonExport = Object.fromEntries(EXPORT_KEYS.map((key) => [key, key === 'visiteur' ? null : []]));
  for (const source of personalDataSources()) {
    if (!source.export) continue;
    const part = await source.export(db, address);
    for (const [key, value] of Object.entries(part)) {
      const known = whole[key];
      if (Array.isArray(value)) whole[key] = [...(Array.isArray(known) ? known : []), ...value];
      else if (value && typeof value === 'object') whole[key] = { ...((known as object | null) ?? {}), ...value };
      else whole[key] = value;
    }
  }
  return whole;
}

/** The export of an address, recorded in the audit trail (the rows it holds, the address hashed). */
export async function exportPerson(db: Queryable, config: ErasureSettings, email: string, actor: Actor): Promise<PersonExport> {
  const whole = await collectPerson(db, email);
  const rows = Object.values(whole).reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : value ? 1 : 0), 0);
  await recordAudit(db, config, { user: actor, action: 'person.exported', email, rows });
  return whole;
}

/** What an erasure answers: per table (and the outbox's files), how many rows went. */
export interface ErasureOutcome {
  tables: Record<string, number>;
}

/**
 * Erases an address from every registered source, in one transaction (issue 38): what remains is
 * the keyed hash in the suppression list of each owner who held the address (or the acting
 * admin's, or the first admin's), so that a later import or an operator's addition skips it, and
 * one audit entry. An unknown address answers the same keys with 0.
 */
export async function erasePerson(db: Db, config: Config, email: string, actor: Actor): Promise<ErasureOutcome> {
  return db.transaction((tx) => eraseWithin(tx, config, email, actor));
}

/** The erasure of `erasePerson`, in the caller's transaction (a confirmation's). */
export async function eraseWithin(tx: Queryable, config: ErasureSettings, email: string, actor: Actor): Promise<ErasureOutcome> {
  const address = normalise(email);
  const hash = addressHash(config, address);
  const owners = (
    await tx.query<{ id: number }>(
      `SELECT user_id AS id FROM grp_rcp WHERE lower(email) = $1 UNION SELECT user_id FROM suppression WHERE email = $1
       UNION SELECT user_id FROM recipient WHERE lower(email) = $1`,
      [address],
    )
  ).map((row) => row.id);
  const tables: Record<string, number> = Object.fromEntries(erasureTables().map((table) => [table, 0]));
  for (const source of personalDataSources()) {
    const counts = await source.erase(tx, address, { dataDir: config.dataDir });
    for (const [table, count] of Object.entries(counts)) tables[table] = (tables[table] ?? 0) + count;
  }
  tables[SUPPRESSION_TABLE] = (await tx.query(`DELETE FROM suppression WHERE email = $1 RETURNING id`, [address])).length;
  if (owners.length === 0) {
    const [fallback] = await tx.query<{ id: number }>(
      `SELECT id FROM app_user WHERE ($1::int IS NOT NULL AND id = $1::int) OR roles @> '["ROLE_ADMIN"]'::jsonb
       ORDER BY (id = $1::int) DESC NULLS LAST, id LIMIT 1`,
      [actor],
    );
    if (fallback) owners.push(fallback.id);
  }
  await tx.query(
    `INSERT INTO suppression (user_id, email, reason, source, added_by)
     SELECT owner, $2, 'effacement', $3, $4 FROM unnest($1::int[]) AS owner
     ON CONFLICT (user_id, email) DO NOTHING`,
    [owners, hash, actor === null ? 'formulaire' : 'opérateur', actor],
  );
  const rows = Object.values(tables).reduce((sum, count) => sum + count, 0);
  await recordAudit(tx, config, { user: actor, action: 'person.erased', email: address, rows, detail: { tables } });
  return { tables };
}
