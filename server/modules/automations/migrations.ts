import type { Migration } from '../../db/db';

export const automationsMigrations: Migration[] = [
  {
    // Automations (issue 23, docs/architecture.md, «Automations»). `steps` is what the API answers; automation_step is
    // the same steps with stable ids (a step edited keeps its id, so what it sent stays sent).
    // An entry is one time a contact entered; automation_message records, once per (step,
    // entry) by its unique key, what the step did for it, in the transaction that queues the
    // mail_recipient row. Entries are made by triggers on grp_rcp, the one place every route
    // (operator, import, API, public form, confirmation) goes through: one INSERT … SELECT per
    // statement for new contacts, a row trigger only when a contact's state moves.
    id: '1200_1_automations',
    sql: `
CREATE TABLE automation (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id),
  name text NOT NULL,
  status text NOT NULL DEFAULT 'brouillon' CHECK (status IN ('brouillon', 'active', 'en pause')),
  trigger jsonb NOT NULL,
  grp_id integer GENERATED ALWAYS AS ((trigger->>'grp')::int) STORED,
  entry text NOT NULL DEFAULT 'une fois' CHECK (entry IN ('une fois', 'à chaque entrée')),
  steps jsonb NOT NULL DEFAULT '[]',
  activated_at timestamptz,
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX automation_user ON automation (user_id);
CREATE INDEX automation_grp_live ON automation (grp_id) WHERE status IN ('active', 'en pause');
CREATE TABLE automation_step (
  id serial PRIMARY KEY,
  automation_id integer NOT NULL,
  position integer NOT NULL,
  delivery_id integer NOT NULL REFERENCES delivery (id),
  delay_minutes integer NOT NULL CHECK (delay_minutes >= 0),
  "window" jsonb,
  condition text NOT NULL DEFAULT 'toujours' CHECK (condition IN ('toujours', 'non ouvert', 'non cliqué')),
  removed boolean NOT NULL DEFAULT false
);
CREATE INDEX automation_step_automation ON automation_step (automation_id, position) WHERE NOT removed;
CREATE TABLE automation_entry (
  id bigserial PRIMARY KEY,
  automation_id integer NOT NULL,
  grp_rcp_id integer NOT NULL,
  entry_no integer NOT NULL,
  entered_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'en cours' CHECK (state IN ('en cours', 'terminé', 'sorti')),
  due_at timestamptz NOT NULL DEFAULT now(),
  left_at timestamptz,
  UNIQUE (automation_id, grp_rcp_id, entry_no)
);
CREATE INDEX automation_entry_due ON automation_entry (due_at) WHERE state = 'en cours';
CREATE INDEX automation_entry_contact ON automation_entry (grp_rcp_id) WHERE state = 'en cours';
CREATE TABLE automation_message (
  id bigserial PRIMARY KEY,
  automation_id integer NOT NULL,
  step_id integer NOT NULL,
  entry_id bigint NOT NULL,
  grp_rcp_id integer NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'skipped')),
  send_id integer,
  recipient_id bigint,
  at timestamptz NOT NULL,
  UNIQUE (step_id, entry_id)
);
CREATE INDEX automation_message_entry ON automation_message (entry_id);
CREATE INDEX automation_message_automation ON automation_message (automation_id, step_id);
ALTER TABLE mail_send ADD COLUMN automation_step_id integer;
CREATE FUNCTION automation_enter_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO automation_entry (automation_id, grp_rcp_id, entry_no)
  SELECT a.id, n.id, 1 FROM automation_new_rows n
  JOIN automation a ON a.grp_id = n.grp_id AND a.status IN ('active', 'en pause')
  WHERE n.status = 'actif'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
CREATE TRIGGER automation_enter_insert AFTER INSERT ON grp_rcp
  REFERENCING NEW TABLE AS automation_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION automation_enter_new();
CREATE FUNCTION automation_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'actif' THEN
    INSERT INTO automation_entry (automation_id, grp_rcp_id, entry_no)
    SELECT a.id, NEW.id,
      CASE WHEN a.entry = 'une fois' THEN 1
        ELSE coalesce((SELECT max(e.entry_no) FROM automation_entry e WHERE e.automation_id = a.id AND e.grp_rcp_id = NEW.id), 0) + 1 END
    FROM automation a WHERE a.grp_id = NEW.grp_id AND a.status IN ('active', 'en pause')
    ON CONFLICT DO NOTHING;
  ELSIF OLD.status = 'actif' THEN
    UPDATE automation_entry SET state = 'sorti', left_at = now() WHERE grp_rcp_id = NEW.id AND state = 'en cours';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER automation_state_update AFTER UPDATE ON grp_rcp
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status AND (NEW.status = 'actif' OR OLD.status = 'actif'))
  EXECUTE FUNCTION automation_state_changed();
`,
  },
  {
    // Issue 23's import target: one automation_entry row per imported contact (four indexes,
    // ON CONFLICT) cost ~20 % of a big import's database time. A statement that adds many
    // contacts now writes one automation_intake row per automation instead (their ids, in
    // order); the runner, and any read of the automation's figures, turns it into entries
    // (takeIntake in repository.ts) in a transaction of its own, entered at the statement's
    // time. A small statement (API, public form, confirmation) still writes its entries itself.
    // A contact whose state moves while its ids wait in an intake row has its entry written
    // first by the row trigger, so that leaving and re-entering count from it.
    id: '1200_2_automation_intake',
    sql: `
CREATE TABLE automation_intake (
  id bigserial PRIMARY KEY,
  automation_id integer NOT NULL,
  grp_id integer NOT NULL,
  first_id integer NOT NULL,
  last_id integer NOT NULL,
  contact_ids integer[] NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX automation_intake_automation ON automation_intake (automation_id);
CREATE OR REPLACE FUNCTION automation_enter_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM automation a WHERE a.status IN ('active', 'en pause')
                 AND a.grp_id IN (SELECT DISTINCT n.grp_id FROM automation_new_rows n)) THEN
    RETURN NULL;
  END IF;
  IF (SELECT count(*) FROM automation_new_rows) < 64 THEN
    INSERT INTO automation_entry (automation_id, grp_rcp_id, entry_no)
    SELECT a.id, n.id, 1 FROM automation_new_rows n
    JOIN automation a ON a.grp_id = n.grp_id AND a.status IN ('active', 'en pause')
    WHERE n.status = 'actif'
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO automation_intake (automation_id, grp_id, first_id, last_id, contact_ids)
    SELECT a.id, a.grp_id, min(n.id), max(n.id), array_agg(n.id ORDER BY n.id) FROM automation_new_rows n
    JOIN automation a ON a.grp_id = n.grp_id AND a.status IN ('active', 'en pause')
    WHERE n.status = 'actif'
    GROUP BY a.id, a.grp_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE FUNCTION automation_state_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The contact's entry still waiting in an intake row is written first.
  INSERT INTO automation_entry (automation_id, grp_rcp_id, entry_no, entered_at, due_at)
  SELECT i.automation_id, NEW.id, 1, i.at, i.at FROM automation_intake i
  WHERE i.grp_id = NEW.grp_id AND NEW.id BETWEEN i.first_id AND i.last_id AND NEW.id = ANY (i.contact_ids)
  ON CONFLICT DO NOTHING;
  IF NEW.status = 'actif' THEN
    INSERT INTO automation_entry (automation_id, grp_rcp_id, entry_no)
    SELECT a.id, NEW.id,
      CASE WHEN a.entry = 'une fois' THEN 1
        ELSE coalesce((SELECT max(e.entry_no) FROM automation_entry e WHERE e.automation_id = a.id AND e.grp_rcp_id = NEW.id), 0) + 1 END
    FROM automation a WHERE a.grp_id = NEW.grp_id AND a.status IN ('active', 'en pause')
    ON CONFLICT DO NOTHING;
  ELSIF OLD.status = 'actif' THEN
    UPDATE automation_entry SET state = 'sorti', left_at = now() WHERE grp_rcp_id = NEW.id AND state = 'en cours';
  END IF;
  RETURN NULL;
END
$$;
`,
  },
];
