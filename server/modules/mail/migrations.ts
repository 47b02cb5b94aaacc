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
  {
    // A send's figures kept with the work (docs/architecture.md, «Tracking and bounces»): progress counters maintained by a
    // statement-level trigger (one UPDATE of the send per statement, not per row), so reading
    // progress is O(1) whatever the send's size; per-recipient results (bounce, opens,
    // clicks, unsubscribe) with distinct-contact counters set when a result is first seen.
    id: '0715_1_send_figures',
    sql: `
ALTER TABLE mail_send
  ADD COLUMN sent integer NOT NULL DEFAULT 0,
  ADD COLUMN failed integer NOT NULL DEFAULT 0,
  ADD COLUMN skipped integer NOT NULL DEFAULT 0,
  ADD COLUMN cancelled integer NOT NULL DEFAULT 0,
  ADD COLUMN bounced integer NOT NULL DEFAULT 0,
  ADD COLUMN opened integer NOT NULL DEFAULT 0,
  ADD COLUMN clicked integer NOT NULL DEFAULT 0,
  ADD COLUMN unsubscribed integer NOT NULL DEFAULT 0;
UPDATE mail_send s SET
  sent = x.sent, failed = x.failed, skipped = x.skipped, cancelled = x.cancelled
FROM (
  SELECT send_id,
    count(*) FILTER (WHERE status = 'sent')::int AS sent,
    count(*) FILTER (WHERE status = 'failed')::int AS failed,
    count(*) FILTER (WHERE status = 'skipped')::int AS skipped,
    count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled
  FROM mail_recipient GROUP BY send_id
) x WHERE x.send_id = s.id;
ALTER TABLE mail_recipient
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN bounced_at timestamptz,
  ADD COLUMN opened_at timestamptz,
  ADD COLUMN last_opened_at timestamptz,
  ADD COLUMN opens integer NOT NULL DEFAULT 0,
  ADD COLUMN machine_open boolean NOT NULL DEFAULT false,
  ADD COLUMN clicked_at timestamptz,
  ADD COLUMN last_clicked_at timestamptz,
  ADD COLUMN clicks integer NOT NULL DEFAULT 0,
  ADD COLUMN unsubscribed_at timestamptz;
UPDATE mail_recipient SET sent_at = updated_at WHERE status = 'sent';
CREATE INDEX mail_recipient_contact ON mail_recipient (contact_id, send_id);
CREATE FUNCTION mail_recipient_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mail_send s SET
    sent = s.sent + d.sent, failed = s.failed + d.failed,
    skipped = s.skipped + d.skipped, cancelled = s.cancelled + d.cancelled
  FROM (
    SELECT n.send_id,
      (count(*) FILTER (WHERE n.status = 'sent') - count(*) FILTER (WHERE o.status = 'sent'))::int AS sent,
      (count(*) FILTER (WHERE n.status = 'failed') - count(*) FILTER (WHERE o.status = 'failed'))::int AS failed,
      (count(*) FILTER (WHERE n.status = 'skipped') - count(*) FILTER (WHERE o.status = 'skipped'))::int AS skipped,
      (count(*) FILTER (WHERE n.status = 'cancelled') - count(*) FILTER (WHERE o.status = 'cancelled'))::int AS cancelled
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status
    GROUP BY n.send_id
  ) d
  WHERE s.id = d.send_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER mail_recipient_count AFTER UPDATE ON mail_recipient
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mail_recipient_count();
`,
  },
  {
    // Bounce facts (type, status, diagnostic, where from) and clicks per link; the contact's
    // state itself lives in grp_rcp.status ('rejeté').
    id: '0715_2_bounces_clicks',
    sql: `
CREATE TABLE mail_bounce (
  id bigserial PRIMARY KEY,
  send_id integer NOT NULL REFERENCES mail_send (id),
  contact_id integer NOT NULL REFERENCES grp_rcp (id),
  email text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('hard', 'soft')),
  status text NOT NULL,
  diagnostic text NOT NULL DEFAULT '',
  source text NOT NULL,
  soft_in_a_row integer NOT NULL DEFAULT 0,
  rejected boolean NOT NULL DEFAULT false,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_bounce_send ON mail_bounce (send_id, contact_id);
CREATE TABLE mail_click (
  send_id integer NOT NULL REFERENCES mail_send (id),
  contact_id integer NOT NULL REFERENCES grp_rcp (id),
  url text NOT NULL,
  clicks integer NOT NULL DEFAULT 1,
  first_at timestamptz NOT NULL DEFAULT now(),
  last_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (send_id, url, contact_id)
);
`,
  },
  {
    // Planned sends: a send may wait as 'scheduled' until send_at; a schedule (a template's
    // frequency in Diffusion) makes one send per occurrence, at most one per (schedule,
    // occurrence) whichever process fires it.
    id: '0715_3_schedules',
    sql: `
CREATE TABLE mail_schedule (
  id serial PRIMARY KEY,
  delivery_id integer NOT NULL REFERENCES delivery (id),
  grp_id integer NOT NULL REFERENCES grp (id),
  user_id integer NOT NULL REFERENCES app_user (id),
  frequency text NOT NULL CHECK (frequency IN ('unique', 'quotidienne', 'hebdomadaire', 'mensuelle')),
  first_at timestamptz NOT NULL,
  timezone text NOT NULL,
  next_at timestamptz,
  active smallint NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  last_error text,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mail_schedule_delivery ON mail_schedule (delivery_id) WHERE active = 1;
CREATE INDEX mail_schedule_due ON mail_schedule (next_at) WHERE active = 1;
ALTER TABLE mail_send DROP CONSTRAINT mail_send_status_check;
ALTER TABLE mail_send ADD CONSTRAINT mail_send_status_check
  CHECK (status IN ('scheduled', 'running', 'paused', 'cancelled', 'completed'));
ALTER TABLE mail_send
  ADD COLUMN send_at timestamptz,
  ADD COLUMN schedule_id integer REFERENCES mail_schedule (id),
  ADD COLUMN occurrence_at timestamptz;
CREATE UNIQUE INDEX mail_send_occurrence ON mail_send (schedule_id, occurrence_at);
CREATE INDEX mail_send_scheduled ON mail_send (send_at) WHERE status = 'scheduled';
`,
  },
  {
    // Queued one-off messages: a list confirmation, a sign-in link, a digest —
    // sent by the send worker with the same claiming, retries and recovery as recipients;
    // (kind, key) makes each one once.
    id: '0720_messages',
    sql: `
CREATE TABLE mail_message (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  key text NOT NULL,
  to_email text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_by text,
  last_error text,
  created timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (kind, key)
);
CREATE INDEX mail_message_pending ON mail_message (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX mail_message_sending ON mail_message (claimed_by) WHERE status = 'sending';
`,
  },
  {
    // What compose keeps (docs/architecture.md, «Signing and the sending domain»): the install's random id that makes its Message-IDs unique
    // across installs, and the DKIM key pair of each From domain, made on first use.
    id: '0721_compose',
    sql: `
CREATE TABLE mail_install (
  id smallint PRIMARY KEY CHECK (id = 1),
  install_id text NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE mail_dkim_key (
  domain text PRIMARY KEY,
  private_key text NOT NULL,
  public_key text NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    // Tracked links name one of their send's targets by id (issue 22): the token stays short
    // whatever the address. Clicks are keyed by the address's hash, so that an address of 2,048
    // characters (any Unicode) fits the index.
    id: '0790_1_tracked_links',
    sql: `
-- No foreign key on send_id: a BAT's links live under the reserved send id BAT_RECIPIENT names,
-- which no send has, so that a test message's tracked links redirect as a real one's do.
CREATE TABLE mail_link (
  id bigserial PRIMARY KEY,
  send_id integer NOT NULL,
  url text NOT NULL,
  url_hash text NOT NULL,
  UNIQUE (send_id, url_hash)
);
ALTER TABLE mail_click ADD COLUMN url_hash text;
UPDATE mail_click SET url_hash = md5(url);
ALTER TABLE mail_click ALTER COLUMN url_hash SET NOT NULL;
ALTER TABLE mail_click DROP CONSTRAINT mail_click_pkey;
ALTER TABLE mail_click ADD PRIMARY KEY (send_id, url_hash, contact_id);
`,
  },
  {
    // Issue 40: a delivery's previous send to a list ("dernier envoi" of a videos block) is found
    // by its delivery and list, latest first; a schedule's skipped occurrences say why.
    id: '0791_1_previous_send',
    sql: `
CREATE INDEX mail_send_previous ON mail_send (delivery_id, grp_id, created DESC);
CREATE TABLE mail_schedule_skip (
  id serial PRIMARY KEY,
  schedule_id integer NOT NULL REFERENCES mail_schedule (id),
  occurrence_at timestamptz NOT NULL,
  reason text NOT NULL,
  created timestamptz NOT NULL DEFAULT now(),
  UNIQUE (schedule_id, occurrence_at)
);
`,
  },
  {
    // Issue 40: a send's posts to its delivery's channel (Telegram, X), each once, with the answer.
    id: '0792_send_posts',
    sql: `ALTER TABLE mail_send ADD COLUMN posts jsonb NOT NULL DEFAULT '{}';`,
  },
  {
    // Segments' activity rules (issue 37) ask who opened or clicked a few sends: these read only
    // the recipients who did, not every recipient of the sends.
    id: '0793_1_recipient_activity',
    sql: `
CREATE INDEX mail_recipient_opened ON mail_recipient (send_id, contact_id) WHERE opened_at IS NOT NULL;
CREATE INDEX mail_recipient_clicked ON mail_recipient (send_id, contact_id) WHERE clicked_at IS NOT NULL;
`,
  },
];
