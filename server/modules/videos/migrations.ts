import type { Migration } from '../../db/db';

export const videosMigrations: Migration[] = [
  {
    id: '0800_videos',
    sql: `
CREATE TABLE channel (
  id serial PRIMARY KEY,
  youtube_id text NOT NULL UNIQUE,
  name text NOT NULL,
  handle text,
  theme text NOT NULL DEFAULT 'undefined',
  avatar text,
  avatar_as_thumbnail boolean NOT NULL DEFAULT false,
  feed_ok_at timestamptz,
  feed_failed_at timestamptz,
  feed_failures integer NOT NULL DEFAULT 0,
  feed_error text,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX channel_handle ON channel (lower(handle));
CREATE INDEX channel_theme ON channel (theme);
CREATE TABLE video (
  id text PRIMARY KEY,
  channel_id integer NOT NULL REFERENCES channel (id) ON DELETE CASCADE,
  title text NOT NULL,
  published timestamptz NOT NULL,
  thumbnail text,
  views bigint NOT NULL DEFAULT 0,
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_channel_published ON video (channel_id, published DESC);
CREATE TABLE creator_list (
  id serial PRIMARY KEY,
  name text NOT NULL,
  hashtags jsonb NOT NULL DEFAULT '[]',
  featured_rank smallint UNIQUE,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX creator_list_name ON creator_list (lower(name));
CREATE TABLE creator_list_channel (
  list_id integer NOT NULL REFERENCES creator_list (id) ON DELETE CASCADE,
  channel_id integer NOT NULL REFERENCES channel (id) ON DELETE CASCADE,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (list_id, channel_id)
);
CREATE INDEX creator_list_channel_channel ON creator_list_channel (channel_id);
CREATE TABLE feed_refresh_lease (
  id smallint PRIMARY KEY,
  holder text NOT NULL,
  until timestamptz NOT NULL
);
`,
  },
];
