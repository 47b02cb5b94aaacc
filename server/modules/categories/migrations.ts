import type { Migration } from '../../db/db';

export const categoriesMigrations: Migration[] = [
  {
    id: '0300_categories',
    sql: `
CREATE TABLE category (
  id serial PRIMARY KEY,
  name text NOT NULL,
  label text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  user_id integer NOT NULL REFERENCES app_user (id),
  profil text NOT NULL DEFAULT 'influenceur',
  societe text NOT NULL DEFAULT 'tgm',
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX category_user_profil ON category (user_id, profil, societe);
`,
  },
];
