import type { Queryable } from '../../db/db';
import { addressHash, type ErasureKeySource } from '../../shared/erasureHash';

/**
 * The addresses among `emails` (lower-cased) whose hash an erasure left in the suppression list:
 * a later import or an operator adding them skips them. One indexed probe when nobody was erased.
 */
export async function erasedAmong(db: Queryable, source: ErasureKeySource, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (emails.length === 0) return found;
  const [any] = await db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM suppression WHERE reason = 'effacement') AS any`);
  if (!any?.any) return found;
  const byHash = new Map<string, string>();
  for (const email of emails) byHash.set(addressHash(source, email), email.trim().toLowerCase());
  const rows = await db.query<{ email: string }>(
    `SELECT DISTINCT email FROM suppression WHERE reason = 'effacement' AND email = ANY($1::text[])`,
    [[...byHash.keys()]],
  );
  for (const row of rows) found.add(byHash.get(row.email)!);
  return found;
}
