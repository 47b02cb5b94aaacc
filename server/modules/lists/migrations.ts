import type { Migration } from '../../db/db';

export const listsMigrations: Migration[] = [
  {
    id: '0200_lists',
    sql: `
CREATE TABLE grp (
  id serial PRIMARY KEY,
  subject text NOT NULL,
  actif smallint NOT NULL DEFAULT 1 CHECK (actif IN (0, 1)),
  user_id integer NOT NULL REFERENCES app_user (id),
  sequence jsonb NOT NULL DEFAULT '[]',
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX grp_user_actif ON grp (user_id, actif);
CREATE TABLE grp_rcp (
  id serial PRIMARY KEY,
  grp_id integer NOT NULL REFERENCES grp (id),
  user_id integer NOT NULL REFERENCES app_user (id),
  email text NOT NULL,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  origin text NOT NULL DEFAULT '',
  actif smallint NOT NULL DEFAULT 1 CHECK (actif IN (0, 1)),
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX grp_rcp_grp_email ON grp_rcp (grp_id, lower(email));
CREATE INDEX grp_rcp_user_created ON grp_rcp (user_id, created);
`,
  },
];
