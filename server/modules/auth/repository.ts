import type { Queryable } from '../../db/db';

export interface Credentials {
  id: number;
  email: string;
  roles: string[];
  passwordHash: string;
}

export async function findCredentials(db: Queryable, email: string): Promise<Credentials | undefined> {
  const [row] = await db.query<Credentials>(
    'SELECT id, email, roles, password_hash AS "passwordHash" FROM app_user WHERE email = $1',
    [email.toLowerCase()],
  );
  return row;
}
