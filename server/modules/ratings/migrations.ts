import type { Migration } from '../../db/db';

export const ratingsMigrations: Migration[] = [
  {
    id: '1000_ratings',
    sql: `
CREATE TABLE video_rating (
  id serial PRIMARY KEY,
  video_id text NOT NULL,
  video_url text NOT NULL,
  label text NOT NULL CHECK (label IN ('Objectivité', 'Information', 'Motivation')),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  email text NOT NULL,
  recipient_id integer NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now()
);
-- One rating per (video, criterion, e-mail); its prefix serves the per-video aggregates.
CREATE UNIQUE INDEX video_rating_once ON video_rating (video_id, label, email);
`,
  },
];
