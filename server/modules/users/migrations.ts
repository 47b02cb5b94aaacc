import type { Migration } from '../../db/db';

export const usersMigrations: Migration[] = [
  {
    id: '0100_users',
    sql: `
CREATE TABLE app_user (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  roles jsonb NOT NULL DEFAULT '["ROLE_USER"]',
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE seed_run (
  id text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
];
