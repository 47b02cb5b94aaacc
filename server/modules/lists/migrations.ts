import type { Migration } from '../../db/db';

export const listsMigrations: Migration[] = [
  {
    id: '0200_lists',
    sql: `
CREATE TABLE grp (
  id serial PRIMARY KEY,
  subject text NOT NULL,
  actif smallint NOT NULL DEFAULT 1 CHECK (actif IN (0, 1)),
  user_id integer NOT NULL REFERENCES app_user (id),
  sequence jsonb NOT NULL DEFAULT '[]',
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX grp_user_actif ON grp (user_id, actif);
CREATE TABLE grp_rcp (
  id serial PRIMARY KEY,
  grp_id integer NOT NULL REFERENCES grp (id),
  user_id integer NOT NULL REFERENCES app_user (id),
  email text NOT NULL,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  origin text NOT NULL DEFAULT '',
  actif smallint NOT NULL DEFAULT 1 CHECK (actif IN (0, 1)),
  created timestamptz NOT NULL DEFAULT now(),
  last_modified timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX grp_rcp_grp_email ON grp_rcp (grp_id, lower(email));
CREATE INDEX grp_rcp_user_created ON grp_rcp (user_id, created);
`,
  },
  {
    // A contact's state, as operators read it (docs/architecture.md, «Contacts and consent»): actif, désabonné (by the contact
    // through a message, or by an operator), retiré (removed by an operator) or rejeté
    // (bounced). `actif` stays the spec's soft-delete flag; a trigger keeps the two one truth,
    // so every writer (generic PATCH, imports' replace mode, refreshes) may set either.
    id: '0210_1_contact_status',
    sql: `
ALTER TABLE grp_rcp
  ADD COLUMN status text NOT NULL DEFAULT 'actif' CHECK (status IN ('actif', 'désabonné', 'retiré', 'rejeté')),
  ADD COLUMN unsubscribed_by text CHECK (unsubscribed_by IN ('contact', 'operator')),
  ADD COLUMN status_changed_at timestamptz;
UPDATE grp_rcp SET status = 'retiré', status_changed_at = last_modified WHERE actif = 0;
CREATE INDEX grp_rcp_grp_status ON grp_rcp (grp_id, status);
CREATE FUNCTION grp_rcp_sync_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'actif' THEN NEW.actif := 0;
    ELSIF NEW.actif = 0 THEN NEW.status := 'retiré';
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.actif := CASE WHEN NEW.status = 'actif' THEN 1 ELSE 0 END;
  ELSIF NEW.actif IS DISTINCT FROM OLD.actif THEN
    NEW.status := CASE WHEN NEW.actif = 1 THEN 'actif' ELSE 'retiré' END;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    IF NEW.status <> 'actif' THEN NEW.status_changed_at := now(); END IF;
    IF NEW.status <> 'désabonné' THEN NEW.unsubscribed_by := NULL;
    ELSIF NEW.unsubscribed_by IS NULL THEN NEW.unsubscribed_by := 'operator';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER grp_rcp_sync_status BEFORE INSERT OR UPDATE ON grp_rcp
  FOR EACH ROW EXECUTE FUNCTION grp_rcp_sync_status();
`,
  },
  {
    // The contacts table (issue 14): searching folds case and accents once per write, in a
    // stored column (the same translate() as the hydra layer's `foldSql`), rather than three
    // columns per row and per search; and the table's usual orders read an index.
    id: '0214_1_contacts_search',
    sql: `
ALTER TABLE grp_rcp ADD COLUMN search_text text GENERATED ALWAYS AS (
  translate(lower(email || ' ' || coalesce(firstname, '') || ' ' || coalesce(lastname, '')),
    'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿźżž', 'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooorrssstuuuuuuuuyyzzz')
) STORED;
CREATE INDEX grp_rcp_grp_created ON grp_rcp (grp_id, created, id);
CREATE INDEX grp_rcp_grp_email_order ON grp_rcp (grp_id, email, id);
`,
  },
  {
    // The state trigger runs only where it has something to do: a new active contact (every
    // imported row) or an update that leaves the state alone skips the PL/pgSQL call, whose
    // WHEN is checked in C. A 250-row import statement took 13.7 ms, now 11.9 (embedded).
    id: '0214_2_contact_status_when',
    sql: `
DROP TRIGGER grp_rcp_sync_status ON grp_rcp;
CREATE TRIGGER grp_rcp_sync_status_insert BEFORE INSERT ON grp_rcp
  FOR EACH ROW WHEN (NEW.status <> 'actif' OR NEW.actif <> 1 OR NEW.unsubscribed_by IS NOT NULL)
  EXECUTE FUNCTION grp_rcp_sync_status();
CREATE TRIGGER grp_rcp_sync_status_update BEFORE UPDATE ON grp_rcp
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.actif IS DISTINCT FROM OLD.actif)
  EXECUTE FUNCTION grp_rcp_sync_status();
`,
  },
  {
    // Consent (issue 23, docs/architecture.md, «Contacts and consent»): a contact may wait for confirmation (`en attente`, not
    // mailable: `actif` is 0 for every state but 'actif'), a list may require it, and every
    // contact keeps its consent events. The events are written by triggers, the one place that
    // sees every route; a route tells who and how through transaction-local settings
    // (consent.ts), else an insert is an operator's and a state change is read from the row.
    // Inserts are recorded per statement (one INSERT … SELECT for a whole import batch); state
    // changes per row, and only when the state moves (the WHEN is checked in C).
    id: '0230_1_consent',
    sql: `
ALTER TABLE grp_rcp DROP CONSTRAINT grp_rcp_status_check;
ALTER TABLE grp_rcp ADD CONSTRAINT grp_rcp_status_check
  CHECK (status IN ('actif', 'en attente', 'désabonné', 'retiré', 'rejeté'));
ALTER TABLE grp ADD COLUMN double_opt_in boolean NOT NULL DEFAULT false;
CREATE TABLE grp_rcp_consent (
  id bigserial PRIMARY KEY,
  grp_rcp_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('ajouté', 'confirmé', 'désabonné', 'rejeté', 'réabonné')),
  source text NOT NULL CHECK (source IN ('opérateur', 'import', 'formulaire', 'api', 'message')),
  at timestamptz NOT NULL DEFAULT now(),
  ip text,
  user_agent text,
  file text
);
CREATE INDEX grp_rcp_consent_contact ON grp_rcp_consent (grp_rcp_id, id);
CREATE INDEX grp_rcp_pending ON grp_rcp (status_changed_at) WHERE status = 'en attente';
CREATE FUNCTION grp_rcp_consent_setting(name text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('tgm.consent_' || name, true), '')
$$;
CREATE FUNCTION grp_rcp_consent_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := coalesce(grp_rcp_consent_setting('source'), 'opérateur');
  public_source boolean := src IN ('formulaire', 'api', 'message');
BEGIN
  INSERT INTO grp_rcp_consent (grp_rcp_id, type, source, ip, user_agent, file)
  SELECT n.id, 'ajouté', src,
    CASE WHEN public_source THEN grp_rcp_consent_setting('ip') END,
    CASE WHEN public_source THEN grp_rcp_consent_setting('user_agent') END,
    CASE WHEN src = 'import' THEN grp_rcp_consent_setting('file') END
  FROM consent_new_rows n WHERE n.status IN ('actif', 'en attente');
  RETURN NULL;
END
$$;
CREATE TRIGGER grp_rcp_consent_insert AFTER INSERT ON grp_rcp
  REFERENCING NEW TABLE AS consent_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grp_rcp_consent_added();
CREATE FUNCTION grp_rcp_consent_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  src text := grp_rcp_consent_setting('source');
BEGIN
  kind := CASE
    WHEN NEW.status = 'actif' AND OLD.status = 'en attente' THEN 'confirmé'
    WHEN NEW.status = 'actif' THEN 'réabonné'
    WHEN NEW.status = 'en attente' THEN 'ajouté'
    WHEN NEW.status = 'désabonné' THEN 'désabonné'
    WHEN NEW.status = 'rejeté' THEN 'rejeté'
  END;
  IF kind IS NULL THEN RETURN NULL; END IF;
  src := CASE
    WHEN kind = 'rejeté' THEN 'message'
    WHEN kind = 'désabonné' AND NEW.unsubscribed_by = 'contact' THEN coalesce(src, 'message')
    WHEN kind = 'confirmé' THEN coalesce(src, 'message')
    ELSE coalesce(src, 'opérateur')
  END;
  INSERT INTO grp_rcp_consent (grp_rcp_id, type, source, ip, user_agent, file)
  VALUES (NEW.id, kind, src,
    CASE WHEN src IN ('formulaire', 'api', 'message') THEN grp_rcp_consent_setting('ip') END,
    CASE WHEN src IN ('formulaire', 'api', 'message') THEN grp_rcp_consent_setting('user_agent') END,
    CASE WHEN src = 'import' THEN grp_rcp_consent_setting('file') END);
  RETURN NULL;
END
$$;
CREATE TRIGGER grp_rcp_consent_update AFTER UPDATE ON grp_rcp
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status)
  EXECUTE FUNCTION grp_rcp_consent_changed();
`,
  },
  {
    // The suppression list (issue 37, docs/architecture.md, «Suppression list»): an address
    // entering or leaving its owner's list is an event of each of that owner's contacts with
    // it, `exclu` and `exclusion levée` (written by the suppression table's trigger, 1400_1).
    id: '0240_1_consent_suppression',
    sql: `
ALTER TABLE grp_rcp_consent DROP CONSTRAINT grp_rcp_consent_type_check;
ALTER TABLE grp_rcp_consent ADD CONSTRAINT grp_rcp_consent_type_check
  CHECK (type IN ('ajouté', 'confirmé', 'désabonné', 'rejeté', 'réabonné', 'exclu', 'exclusion levée'));
`,
  },
  {
    // The spec's opt-in at sign-up (issue 37, §7.6): visitors who tick it join the list an admin
    // marks as the public default, one list at most (docs/architecture.md, «Contacts and consent»).
    id: '0250_1_public_default',
    sql: `
ALTER TABLE grp ADD COLUMN public_default boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX grp_one_public_default ON grp ((true)) WHERE public_default;
`,
  },
  {
    // A contact's fields (issue 37, docs/architecture.md, «Contacts and consent»): text, number,
    // boolean or date values by name, checked by lists/attribs.ts. A constant default: no rewrite.
    id: '0260_1_contact_attribs',
    sql: `
ALTER TABLE grp_rcp ADD COLUMN attribs jsonb NOT NULL DEFAULT '{}';
`,
  },
  {
    // The preference page (issue 37, docs/architecture.md, «Preference page»): a person's own
    // changes there are consent events of source 'préférences', public ones (their address and
    // browser kept), as a message's link's are. The function is 0230_1's, 'préférences' added.
    id: '0270_1_consent_preferences',
    sql: `
ALTER TABLE grp_rcp_consent DROP CONSTRAINT grp_rcp_consent_source_check;
ALTER TABLE grp_rcp_consent ADD CONSTRAINT grp_rcp_consent_source_check
  CHECK (source IN ('opérateur', 'import', 'formulaire', 'api', 'message', 'préférences'));
CREATE OR REPLACE FUNCTION grp_rcp_consent_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  src text := grp_rcp_consent_setting('source');
BEGIN
  kind := CASE
    WHEN NEW.status = 'actif' AND OLD.status = 'en attente' THEN 'confirmé'
    WHEN NEW.status = 'actif' THEN 'réabonné'
    WHEN NEW.status = 'en attente' THEN 'ajouté'
    WHEN NEW.status = 'désabonné' THEN 'désabonné'
    WHEN NEW.status = 'rejeté' THEN 'rejeté'
  END;
  IF kind IS NULL THEN RETURN NULL; END IF;
  src := CASE
    WHEN kind = 'rejeté' THEN 'message'
    WHEN kind = 'désabonné' AND NEW.unsubscribed_by = 'contact' THEN coalesce(src, 'message')
    WHEN kind = 'confirmé' THEN coalesce(src, 'message')
    ELSE coalesce(src, 'opérateur')
  END;
  INSERT INTO grp_rcp_consent (grp_rcp_id, type, source, ip, user_agent, file)
  VALUES (NEW.id, kind, src,
    CASE WHEN src IN ('formulaire', 'api', 'message', 'préférences') THEN grp_rcp_consent_setting('ip') END,
    CASE WHEN src IN ('formulaire', 'api', 'message', 'préférences') THEN grp_rcp_consent_setting('user_agent') END,
    CASE WHEN src = 'import' THEN grp_rcp_consent_setting('file') END);
  RETURN NULL;
END
$$;
`,
  },
];
