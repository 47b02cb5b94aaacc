import type { Migration } from '../../db/db';

export const recipientsMigrations: Migration[] = [
  {
    id: '0500_recipients',
    sql: `
CREATE TABLE recipient (
  id serial PRIMARY KEY,
  token text NOT NULL UNIQUE,
  email text NOT NULL,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  youtubename text NOT NULL DEFAULT '',
  twittername text NOT NULL DEFAULT '',
  url text NOT NULL DEFAULT '',
  add_url text NOT NULL DEFAULT '',
  origin text NOT NULL DEFAULT '',
  actif smallint NOT NULL DEFAULT 1 CHECK (actif IN (0, 1)),
  user_id integer NOT NULL REFERENCES app_user (id),
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX recipient_user_email ON recipient (user_id, lower(email));
CREATE INDEX recipient_user_created ON recipient (user_id, created);
`,
  },
];
