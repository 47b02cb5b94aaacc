import type { Migration } from '../../db/db';

export const auditMigrations: Migration[] = [
  {
    // The audit trail (issue 38): who (user id, none for the person themself), what, when, how
    // many rows, and the keyed hash of the address concerned, never the address. Appended only:
    // no route changes or deletes an entry.
    id: '1900_1_audit',
    sql: `
CREATE TABLE audit_entry (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id integer,
  action text NOT NULL,
  subject text,
  rows integer NOT NULL DEFAULT 0,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_entry_at ON audit_entry (at, id);
CREATE INDEX audit_entry_action ON audit_entry (action, at);
CREATE INDEX audit_entry_user ON audit_entry (user_id, at);
`,
  },
];
