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
  {
    // Visitors who come back (issue 24): what is new per creator, groups, saved and hidden
    // videos, the private feed, the digest's settings, and the channels an import records
    // before their feed is read.
    id: '0910_visitors_come_back',
    sql: `
ALTER TABLE creator_list_channel ADD COLUMN seen_at timestamptz;
ALTER TABLE visitor ADD COLUMN feed_nonce text;
ALTER TABLE visitor ADD COLUMN feed_hash text UNIQUE;
ALTER TABLE visitor ADD COLUMN digest text NOT NULL DEFAULT 'aucun' CHECK (digest IN ('aucun', 'quotidien', 'hebdomadaire'));
ALTER TABLE visitor ADD COLUMN digest_hour smallint NOT NULL DEFAULT 8 CHECK (digest_hour BETWEEN 0 AND 23);
ALTER TABLE visitor ADD COLUMN email_confirmed_at timestamptz;
ALTER TABLE visitor ADD COLUMN digest_sent_until timestamptz;
CREATE TABLE visitor_group (
  id serial PRIMARY KEY,
  visitor_id integer NOT NULL REFERENCES visitor (id) ON DELETE CASCADE,
  name text NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX visitor_group_name ON visitor_group (visitor_id, lower(name));
CREATE TABLE visitor_group_channel (
  group_id integer NOT NULL REFERENCES visitor_group (id) ON DELETE CASCADE,
  channel_id integer NOT NULL REFERENCES channel (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (group_id, channel_id)
);
CREATE TABLE visitor_video (
  visitor_id integer NOT NULL REFERENCES visitor (id) ON DELETE CASCADE,
  video_id text NOT NULL,
  etat text CHECK (etat IN ('plus tard', 'masquée')),
  etat_at timestamptz,
  seen_at timestamptz,
  PRIMARY KEY (visitor_id, video_id)
);
CREATE INDEX visitor_video_etat ON visitor_video (visitor_id, etat, etat_at DESC) WHERE etat IS NOT NULL;
CREATE TABLE visitor_import (
  id bigserial PRIMARY KEY,
  visitor_id integer NOT NULL REFERENCES visitor (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitor_import_visitor ON visitor_import (visitor_id, at);
CREATE TABLE visitor_secret (
  id smallint PRIMARY KEY,
  secret text NOT NULL
);
ALTER TABLE channel ADD COLUMN feed_missing boolean NOT NULL DEFAULT false;
ALTER TABLE channel ADD COLUMN fetch_claimed_until timestamptz;
ALTER TABLE channel ADD COLUMN feed_pending boolean NOT NULL DEFAULT false;
CREATE INDEX channel_feed_pending ON channel (id) WHERE feed_pending;
`,
  },
  {
    // A visitor signed in on another device (a sign-in link): one token per device, stored hashed.
    id: '0920_visitor_tokens',
    sql: `
CREATE TABLE visitor_token (
  token_hash text PRIMARY KEY,
  visitor_id integer NOT NULL REFERENCES visitor (id) ON DELETE CASCADE,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitor_token_visitor ON visitor_token (visitor_id);
`,
  },
  {
    // The digest's tick (issue 24): a channel's videos since a mark are read from its newest
    // (not all its videos filtered), and the visitors due in an hour are found without
    // reading the others.
    id: '0940_visitor_digest_indexes',
    sql: `
CREATE INDEX video_channel_created ON video (channel_id, created);
CREATE INDEX visitor_digest_due ON visitor (digest_hour, id) WHERE digest <> 'aucun' AND email_confirmed_at IS NOT NULL;
`,
  },
  {
    // The first digest's window starts when the digest was asked for (issue 42), not when the
    // address was confirmed: videos published in between belong to it. Visitors who asked
    // before this column existed keep their confirmation as the start.
    id: '0980_visitor_digest_requested',
    sql: `ALTER TABLE visitor ADD COLUMN digest_requested_at timestamptz;`,
  },
];
