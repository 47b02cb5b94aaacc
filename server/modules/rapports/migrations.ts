import type { Migration } from '../../db/db';

export const rapportsMigrations: Migration[] = [
  {
    // Bug reports sent from the app (issue 43, docs/qa-traces.md, «2c. Send it to the team»).
    // The report itself is a file under DATA_DIR/rapports (its size); the row holds what the
    // inbox lists and searches. `request_ids` names the report's requests for the journal;
    // `notified_at` is for a later step that mails the admins (empty until it exists).
    id: '1500_bug_reports',
    sql: `
CREATE TABLE bug_report (
  id serial PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'à traiter' CHECK (status IN ('à traiter', 'traité')),
  description text NOT NULL,
  route text,
  version text,
  commit text,
  user_agent text,
  has_errors boolean NOT NULL DEFAULT false,
  request_ids jsonb NOT NULL DEFAULT '[]',
  size_bytes integer NOT NULL,
  sender_id integer REFERENCES app_user (id) ON DELETE SET NULL,
  notified_at timestamptz,
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bug_report_created ON bug_report (created);
CREATE INDEX bug_report_unnotified ON bug_report (created) WHERE notified_at IS NULL;
`,
  },
  {
    // The admins' message about new reports (docs/qa-traces.md, «2d. The admins are told»): one
    // row, the time the last message was queued; moving it is the gate that lets one message go
    // an hour, whatever processes check at once. `bug_report.notified_at` marks the reports told.
    id: '1501_bug_report_notice',
    sql: `
CREATE TABLE bug_report_notice (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_at timestamptz
);
INSERT INTO bug_report_notice (id) VALUES (true);
`,
  },
];
