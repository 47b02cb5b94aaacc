import { randomBytes } from 'node:crypto';
import type { Queryable, Row } from '../../db/db';
import { selectList } from '../../shared/hydra';
import { recipientResource } from './resource';

/** The secret a recipient uses to change their own record. */
export const newRecipientToken = () => randomBytes(24).toString('base64url');

export async function findRecipientByEmail(db: Queryable, userId: number, email: string, exceptId = 0) {
  const [row] = await db.query<{ id: number }>(
    'SELECT id FROM recipient WHERE user_id = $1 AND lower(email) = lower($2) AND id <> $3',
    [userId, email, exceptId],
  );
  return row;
}

/**
 * Creates the user's recipient with that e-mail, or updates the fields given of the one
 * they have (spec §7.4 localToProd); answers the row and whether it is new.
 */
export async function upsertRecipient(db: Queryable, userId: number, values: Row): Promise<{ row: Row; created: boolean }> {
  const names = Object.keys(values).filter((name) => recipientResource.fields[name] && !['user', 'token'].includes(name));
  const columns = names.map((name) => recipientResource.fields[name].column);
  const updates = columns.filter((c) => c !== 'email').map((c) => `${c} = EXCLUDED.${c}`);
  const [row] = await db.query<Row & { inserted: boolean }>(
    `INSERT INTO recipient (user_id, token, ${columns.join(', ')})
     VALUES ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')})
     ON CONFLICT (user_id, lower(email)) DO UPDATE SET ${[...updates, 'last_modified = now()'].join(', ')}
     RETURNING ${selectList(recipientResource)}, (xmax = 0) AS inserted`,
    [userId, newRecipientToken(), ...names.map((name) => values[name])],
  );
  const { inserted, ...recipient } = row;
  return { row: recipient, created: inserted };
}
