import type { Migration } from '../../db/db';

export const confirmationsMigrations: Migration[] = [
  {
    // One row per "click to confirm" link: only the token's SHA-256 is kept, so
    // a copy of the database confirms nothing. `subject_id` is what the kind confirms (a list's
    // contact, a visitor…); a token is used once.
    id: '1300_1_confirmations',
    sql: `
CREATE TABLE confirmation (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  subject_id bigint NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX confirmation_subject ON confirmation (kind, subject_id);
CREATE INDEX confirmation_expires ON confirmation (expires_at);
`,
  },
];
