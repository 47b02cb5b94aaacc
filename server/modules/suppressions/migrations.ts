import type { Migration } from '../../db/db';

export const suppressionsMigrations: Migration[] = [
  {
    // The suppression list (issue 37, docs/architecture.md, «Suppression list»): per owner, the
    // addresses none of their lists, sends, steps or schedules mails again, whatever list a later
    // import or subscription puts them in. Kept lower-cased: the key every route compares by.
    // `source` says how it came (`message`: a bounce or a complaint), `added_by` which operator
    // added it. Entering and leaving are consent events of the owner's contacts with the address
    // (types of migration 0240_1), written here, the one place that sees every way in and out.
    id: '1400_1_suppressions',
    sql: `
CREATE TABLE suppression (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_user (id),
  email text NOT NULL CHECK (email = lower(email) AND email <> ''),
  reason text NOT NULL CHECK (reason IN ('désabonné', 'plainte', 'rejeté', 'opérateur')),
  source text NOT NULL DEFAULT 'opérateur' CHECK (source IN ('opérateur', 'formulaire', 'api', 'message')),
  at timestamptz NOT NULL DEFAULT now(),
  added_by integer REFERENCES app_user (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX suppression_user_email ON suppression (user_id, email);
CREATE INDEX suppression_user_at ON suppression (user_id, at, id);
CREATE FUNCTION suppression_consent() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer;
  address text;
  kind text;
  src text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    owner := NEW.user_id; address := NEW.email; kind := 'exclu'; src := NEW.source;
  ELSE
    owner := OLD.user_id; address := OLD.email; kind := 'exclusion levée'; src := 'opérateur';
  END IF;
  INSERT INTO grp_rcp_consent (grp_rcp_id, type, source, ip, user_agent)
  SELECT c.id, kind, src,
    CASE WHEN src IN ('formulaire', 'api', 'message') THEN grp_rcp_consent_setting('ip') END,
    CASE WHEN src IN ('formulaire', 'api', 'message') THEN grp_rcp_consent_setting('user_agent') END
  FROM grp g JOIN grp_rcp c ON c.grp_id = g.id AND lower(c.email) = address
  WHERE g.user_id = owner;
  RETURN NULL;
END
$$;
CREATE TRIGGER suppression_consent AFTER INSERT OR DELETE ON suppression
  FOR EACH ROW EXECUTE FUNCTION suppression_consent();
`,
  },
];
