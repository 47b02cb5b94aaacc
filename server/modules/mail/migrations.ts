import type { Migration } from '../../db/db';

export const mailMigrations: Migration[] = [
  {
    id: '0700_mail',
    sql: `
CREATE TABLE mail_send (
  id serial PRIMARY KEY,
  delivery_id integer NOT NULL REFERENCES delivery (id),
  grp_id integer NOT NULL REFERENCES grp (id),
  user_id integer NOT NULL REFERENCES app_user (id),
  version integer NOT NULL,
  label text NOT NULL,
  list_subject text NOT NULL,
  content jsonb NOT NULL,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'paused', 'cancelled', 'completed')),
  total integer NOT NULL DEFAULT 0,
  created timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX mail_send_grp ON mail_send (grp_id);
CREATE INDEX mail_send_delivery ON mail_send (delivery_id);
CREATE INDEX mail_send_running ON mail_send (id) WHERE status = 'running';
CREATE TABLE mail_recipient (
  id bigserial PRIMARY KEY,
  send_id integer NOT NULL REFERENCES mail_send (id),
  contact_id integer NOT NULL REFERENCES grp_rcp (id),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_by text,
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (send_id, contact_id)
);
CREATE INDEX mail_recipient_pending ON mail_recipient (send_id, id) WHERE status = 'pending';
CREATE INDEX mail_recipient_sending ON mail_recipient (claimed_by) WHERE status = 'sending';
CREATE INDEX mail_recipient_progress ON mail_recipient (send_id, status);
CREATE TABLE mail_worker (
  id text PRIMARY KEY,
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE mail_secret (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);
`,
  },
];
