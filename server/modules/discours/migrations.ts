import type { Migration } from '../../db/db';

export const discoursMigrations: Migration[] = [
  {
    id: '0400_discours',
    sql: `
CREATE TABLE discours (
  id serial PRIMARY KEY,
  name text NOT NULL,
  label text NOT NULL DEFAULT '',
  seq integer NOT NULL DEFAULT 0,
  sequence jsonb NOT NULL DEFAULT '[]',
  origine text NOT NULL DEFAULT '',
  user_id integer NOT NULL REFERENCES app_user (id),
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX discours_user_name ON discours (user_id, lower(name));
`,
  },
];
