import type { Migration } from '../../db/db';

export const visitorsMigrations: Migration[] = [
  {
    id: '0900_visitors',
    sql: `
CREATE TABLE visitor (
  id serial PRIMARY KEY,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  optin boolean NOT NULL,
  event_name text NOT NULL,
  grp_name text NOT NULL,
  origin text NOT NULL DEFAULT '',
  twitter text NOT NULL DEFAULT '',
  data jsonb NOT NULL DEFAULT '{}',
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitor_email ON visitor (lower(email));
ALTER TABLE creator_list ADD COLUMN visitor_id integer REFERENCES visitor (id) ON DELETE SET NULL;
CREATE UNIQUE INDEX creator_list_visitor ON creator_list (visitor_id);
`,
  },
];
