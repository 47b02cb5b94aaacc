import type { Migration } from '../../db/db';

/**
 * A visitor's timestamped notes on the server (issue 42): one row a note, its text also kept
 * folded (lower case, no accents: `foldSql`) for the notebook's search, and a unique key on
 * (visitor, video, time, text) so that merging a browser's notes twice adds nothing. The video
 * is checked when a note is written, not referenced: a note outlives a video the feeds drop.
 */
export const visitorNotesMigrations: Migration[] = [
  {
    id: '0970_visitor_notes',
    sql: `
CREATE TABLE visitor_note (
  id serial PRIMARY KEY,
  visitor_id integer NOT NULL REFERENCES visitor (id) ON DELETE CASCADE,
  video_id text NOT NULL,
  at integer NOT NULL CHECK (at >= 0),
  text text NOT NULL,
  search_text text GENERATED ALWAYS AS (
  translate(lower(text), 'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿźżž', 'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz')
) STORED,
  created timestamptz NOT NULL DEFAULT now(),
  updated timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitor_note_visitor ON visitor_note (visitor_id, id DESC);
CREATE INDEX visitor_note_video ON visitor_note (visitor_id, video_id, at);
CREATE UNIQUE INDEX visitor_note_same ON visitor_note (visitor_id, video_id, at, md5(text));
CREATE VIEW visitor_note_item AS
  SELECT n.id, n.visitor_id, n.video_id, n.at, n.text, n.search_text, n.created, n.updated,
         v.title, v.thumbnail, c.name AS channel_name, c.avatar, c.avatar_as_thumbnail
  FROM visitor_note n LEFT JOIN video v ON v.id = n.video_id LEFT JOIN channel c ON c.id = v.channel_id;
`,
  },
];
