import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/db';

/**
 * The install's random id (16 hex digits), made once and kept in the database every process
 * shares: it goes in every Message-ID, so two installs never make the same one.
 */
export async function loadInstallId(db: Queryable): Promise<string> {
  await db.query('INSERT INTO mail_install (id, install_id) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    randomBytes(8).toString('hex'),
  ]);
  const [row] = await db.query<{ install_id: string }>('SELECT install_id FROM mail_install WHERE id = 1');
  return row.install_id;
}
