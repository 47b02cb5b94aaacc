import type { Migration } from '../../db/db';

/** Two-factor sign-in (issue 39, item 4): the users block's ids 0180–0199. */
export const totpMigrations: Migration[] = [
  {
    // A user's TOTP secret (RFC 6238), kept server-side only: shown once at set-up, never
    // answered again. `totp_pending_secret` waits for its first code; `totp_last_step` is the
    // time-step of the last code accepted, so that a code signs in once. Recovery codes are
    // stored as SHA-256 hashes (random 50-bit codes: a slow hash would add nothing but time).
    id: '0180_1_totp',
    sql: `
ALTER TABLE app_user
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint;
CREATE TABLE totp_recovery_code (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX totp_recovery_code_user ON totp_recovery_code (user_id);
`,
  },
];
