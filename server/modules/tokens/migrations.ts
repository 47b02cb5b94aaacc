import type { Migration } from '../../db/db';

export const tokensMigrations: Migration[] = [
  {
    // API tokens (issue 39): kept as the SHA-256 of their text, shown once at creation.
    id: '2000_api_tokens',
    sql: `
CREATE TABLE api_token (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  name text NOT NULL,
  scopes jsonb NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX api_token_user ON api_token (user_id);
`,
  },
];
