import type { Migration } from '../../db/db';

/**
 * Issue 42: where each visitor stopped in each video (history and resume), the filters of
 * their feed, and what their latest subscriptions import became once its feeds were read.
 */
export const visitorsHistoryMigrations: Migration[] = [
  {
    id: '0960_visitor_history_filters',
    sql: `
CREATE TABLE visitor_history (
  visitor_id integer NOT NULL REFERENCES visitor (id) ON DELETE CASCADE,
  video_id text NOT NULL REFERENCES video (id) ON DELETE CASCADE,
  position real NOT NULL CHECK (position >= 0),
  duration real NOT NULL CHECK (duration > 0 AND position <= duration),
  watched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (visitor_id, video_id)
);
CREATE INDEX visitor_history_recent ON visitor_history (visitor_id, watched_at DESC);
ALTER TABLE visitor ADD COLUMN hide_shorts boolean NOT NULL DEFAULT false;
ALTER TABLE visitor ADD COLUMN hide_live boolean NOT NULL DEFAULT false;
ALTER TABLE visitor ADD COLUMN hidden_words text[] NOT NULL DEFAULT '{}';
-- The same words folded (accents, case) as titles are, as one regular expression of literal
-- alternatives (NULL: none): one match per video, not one per word.
ALTER TABLE visitor ADD COLUMN hidden_pattern text;
ALTER TABLE video ADD COLUMN short boolean NOT NULL DEFAULT false;
ALTER TABLE visitor_import ADD COLUMN report jsonb;
`,
  },
];
