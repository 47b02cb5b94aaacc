import type { Migration } from '../../db/db';

export const deliveriesMigrations: Migration[] = [
  {
    id: '0600_deliveries',
    sql: `
CREATE TABLE delivery (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id),
  societe text NOT NULL DEFAULT 'tgm',
  actif smallint NOT NULL DEFAULT 1 CHECK (actif IN (0, 1)),
  profil text NOT NULL DEFAULT 'influenceur',
  category text NOT NULL DEFAULT '',
  label text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  internalname text NOT NULL,
  subject text NOT NULL DEFAULT '',
  frequence text NOT NULL DEFAULT '',
  goal text NOT NULL DEFAULT '',
  channel text NOT NULL DEFAULT 'email',
  typedel text NOT NULL DEFAULT '',
  msg text NOT NULL DEFAULT '',
  properties jsonb NOT NULL DEFAULT '{}',
  origin text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  code_amp text NOT NULL DEFAULT '',
  code_html jsonb NOT NULL DEFAULT '[]',
  code_text jsonb NOT NULL DEFAULT '[]',
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_user_profil ON delivery (user_id, profil, actif);
CREATE INDEX delivery_internalname ON delivery (internalname, version DESC);
CREATE TABLE delivery_version (
  delivery_id integer NOT NULL REFERENCES delivery (id),
  version integer NOT NULL,
  content jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  PRIMARY KEY (delivery_id, version)
);
`,
  },
  {
    // Issue 41: the blocks a template was built from in the editor's « Blocs » mode (null: written in code).
    id: '0620_delivery_blocks',
    sql: 'ALTER TABLE delivery ADD COLUMN blocks jsonb;',
  },
];
