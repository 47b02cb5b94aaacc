import type { Migration } from '../../db/db';

export const personnesMigrations: Migration[] = [
  {
    // Erasing a person keeps the figures others read (issue 38, docs/decisions.md, «Personal data
    // rights (issue 38)»): their message rows, clicks, automation messages and ratings stay,
    // without the link to them, so a send's counters and per-link report, a step's counters and a
    // video's average keep their numbers. Tracking retention unlinks old opens and clicks alike.
    // The suppression list takes the keyed hash an erasure leaves (reason `effacement`), and one
    // row gates the daily retention task across processes.
    id: '1800_1_personnes',
    sql: `
ALTER TABLE mail_recipient ALTER COLUMN contact_id DROP NOT NULL;
ALTER TABLE mail_click DROP CONSTRAINT mail_click_pkey;
ALTER TABLE mail_click ALTER COLUMN contact_id DROP NOT NULL;
CREATE UNIQUE INDEX mail_click_send_url_contact ON mail_click (send_id, url_hash, contact_id);
ALTER TABLE automation_entry ALTER COLUMN grp_rcp_id DROP NOT NULL;
ALTER TABLE automation_message ALTER COLUMN grp_rcp_id DROP NOT NULL;
ALTER TABLE video_rating ALTER COLUMN email DROP NOT NULL;
ALTER TABLE suppression DROP CONSTRAINT suppression_reason_check;
ALTER TABLE suppression ADD CONSTRAINT suppression_reason_check
  CHECK (reason IN ('désabonné', 'plainte', 'rejeté', 'opérateur', 'effacement'));
CREATE TABLE personne_retention (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_at timestamptz
);
INSERT INTO personne_retention (id, last_at) VALUES (true, NULL);
`,
  },
];
