import type { Migration } from '../../db/db';

export const usersMigrations: Migration[] = [
  {
    id: '0100_users',
    sql: `
CREATE TABLE app_user (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  roles jsonb NOT NULL DEFAULT '["ROLE_USER"]',
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE seed_run (
  id text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // Server-side sessions (a token names one by its sid): ending one refuses its token at once,
    // on every process. Logins that failed, per account, slow down the next attempts.
    id: '0150_user_sessions',
    sql: `
CREATE TABLE user_session (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  created timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_session_user ON user_session (user_id);
CREATE INDEX user_session_expires ON user_session (expires_at);
CREATE TABLE login_failure (
  email text PRIMARY KEY,
  failures integer NOT NULL,
  last_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // Download links open their file once: a used link's id is kept until the link expires.
    id: '0151_download_link_use',
    sql: `
CREATE TABLE download_link_use (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX download_link_use_expires ON download_link_use (expires_at);
`,
  },
  {
    // Issue 39's roles: today's operator (ROLE_USER) is an expéditeur; an éditeur prepares
    // without sending. A deactivated user keeps their rows (lists, deliveries) but signs in no more.
    id: '0160_roles_and_deactivation',
    sql: `
UPDATE app_user SET roles = (
  SELECT COALESCE(jsonb_agg(DISTINCT CASE WHEN r = 'ROLE_USER' THEN 'ROLE_EXPEDITEUR' ELSE r END), '[]'::jsonb)
  FROM jsonb_array_elements_text(roles) AS r
) WHERE roles @> '["ROLE_USER"]'::jsonb;
ALTER TABLE app_user ALTER COLUMN roles SET DEFAULT '["ROLE_EXPEDITEUR"]';
ALTER TABLE app_user ADD COLUMN deactivated_at timestamptz;
ALTER TABLE app_user ADD COLUMN invited_at timestamptz;
`,
  },
];
