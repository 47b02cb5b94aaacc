import type { Migration } from '../../db/db';

export const segmentsMigrations: Migration[] = [
  {
    // Segments (issue 37, docs/architecture.md, «Segments»): an owner's saved rules over the
    // contacts of one list (or of all their lists, grp null). A send, a planned send or a
    // schedule may target one instead of a list: the columns live here, after the table they
    // name; a send to every list of an owner has no list (grp_id null).
    id: '1700_1_segments',
    sql: `
CREATE TABLE segment (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id),
  name text NOT NULL,
  grp_id integer REFERENCES grp (id),
  match text NOT NULL DEFAULT 'tous' CHECK (match IN ('tous', 'au moins un')),
  rules jsonb NOT NULL DEFAULT '[]',
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX segment_user ON segment (user_id, id);
ALTER TABLE mail_send ALTER COLUMN grp_id DROP NOT NULL,
  ADD COLUMN segment_id integer REFERENCES segment (id) ON DELETE SET NULL;
ALTER TABLE mail_schedule ALTER COLUMN grp_id DROP NOT NULL,
  ADD COLUMN segment_id integer REFERENCES segment (id) ON DELETE SET NULL;
CREATE INDEX mail_send_user_grp ON mail_send (user_id, grp_id, id);
`,
  },
  {
    // An automation step may go to the contacts of a segment only (issue 37): the others' step is
    // 'skipped'. The column names the segment table, so it comes after it.
    id: '1700_2_automation_step_segment',
    sql: `
ALTER TABLE automation_step ADD COLUMN segment_id integer REFERENCES segment (id) ON DELETE SET NULL;
`,
  },
];
