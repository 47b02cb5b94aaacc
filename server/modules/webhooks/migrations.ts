import type { Migration } from '../../db/db';

export const webhooksMigrations: Migration[] = [
  {
    // Outgoing webhooks (issue 39, docs/architecture.md, «Webhooks»): an admin's endpoints, and
    // the durable queue of their deliveries, one row per (webhook, event), claimed with
    // `FOR UPDATE SKIP LOCKED` so that several processes share it. `event_id` is the payload's
    // `id`, the same on every try. `webhook_emit` queues an event for every active webhook that
    // listens to it (what `emitEvent` runs, in the caller's transaction). The contact events are
    // read from the consent log, which every way a contact is added, confirmed, unsubscribed or
    // rejected writes (lists' migration 0230_1): its trigger here queues them in the same
    // transaction, imports and single-statement writes included.
    id: '2100_1_webhooks',
    sql: `
CREATE TABLE webhook (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id),
  url text NOT NULL,
  events text[] NOT NULL,
  active boolean NOT NULL DEFAULT true,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE webhook_delivery (
  id bigserial PRIMARY KEY,
  webhook_id integer NOT NULL REFERENCES webhook (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  data jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  last_attempt_at timestamptz,
  last_status integer,
  last_answer text,
  last_error text,
  delivered_at timestamptz
);
CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at, id) WHERE status IN ('pending', 'sending');
CREATE INDEX webhook_delivery_webhook ON webhook_delivery (webhook_id, id);
CREATE INDEX webhook_delivery_email ON webhook_delivery ((data ->> 'email')) WHERE data ? 'email';
CREATE FUNCTION webhook_emit(event_type text, event_data jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  queued integer;
BEGIN
  WITH e AS MATERIALIZED (SELECT gen_random_uuid()::text AS id)
  INSERT INTO webhook_delivery (webhook_id, event_id, type, data)
  SELECT w.id, e.id, event_type, event_data FROM e, webhook w WHERE w.active AND event_type = ANY (w.events);
  GET DIAGNOSTICS queued = ROW_COUNT;
  RETURN queued;
END
$$;
CREATE FUNCTION webhook_contact_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook WHERE active) THEN RETURN NULL; END IF;
  WITH e AS MATERIALIZED (
    SELECT gen_random_uuid()::text AS id, 'contact.' || n.type AS type, n.at,
      jsonb_build_object('contactId', c.id, 'listId', c.grp_id, 'email', lower(c.email), 'source', n.source) AS data
    FROM webhook_consent_rows n JOIN grp_rcp c ON c.id = n.grp_rcp_id
    WHERE n.type IN ('ajouté', 'confirmé', 'désabonné', 'rejeté')
  )
  INSERT INTO webhook_delivery (webhook_id, event_id, type, created_at, data)
  SELECT w.id, e.id, e.type, e.at, e.data FROM e JOIN webhook w ON w.active AND e.type = ANY (w.events);
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_contact_events AFTER INSERT ON grp_rcp_consent
  REFERENCING NEW TABLE AS webhook_consent_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_contact_events();
`,
  },
];
