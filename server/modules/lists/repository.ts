import type { Db, Queryable } from '../../db/db';
import { suppressedSql } from '../suppressions';
import { consentContextCte, consentContextParams, type ConsentContext } from './consent';

export interface ListCounts {
  /** Active contacts now. */
  count: number;
  /** Every contact the list has had, active or not: what it started from before unsubscribes. */
  countStart: number;
}

export async function countContacts(db: Queryable, grpId: number): Promise<ListCounts> {
  const [row] = await db.query<ListCounts>(
    `SELECT count(*) FILTER (WHERE actif = 1)::int AS count, count(*)::int AS "countStart"
     FROM grp_rcp WHERE grp_id = $1`,
    [grpId],
  );
  return row;
}

/**
 * The active contacts of a list whose address is on its owner's suppression list: a send
 * leaves them out, so `count - suppressed` is how many it mails (the send's own query,
 * `mailableContactIds`, uses the same condition).
 */
export async function countSuppressedContacts(db: Queryable, grpId: number): Promise<number> {
  const [row] = await db.query<{ suppressed: number }>(
    `SELECT count(*)::int AS suppressed FROM grp_rcp
     WHERE grp_id = $1 AND actif = 1 AND ${suppressedSql('grp_rcp.user_id', 'grp_rcp.email')}`,
    [grpId],
  );
  return row.suppressed;
}

export async function findContactByEmail(db: Queryable, grpId: number, email: string) {
  const [row] = await db.query<{ id: number; actif: number }>(
    'SELECT id, actif FROM grp_rcp WHERE grp_id = $1 AND lower(email) = lower($2)',
    [grpId, email],
  );
  return row;
}

/** The list a contact goes into, and the user its contacts belong to. */
export interface ListOwner {
  id: number;
  user: number;
}

export interface NewContact {
  email: string;
  firstname: string;
  lastname: string;
  phone: string;
  /** Its attributes (attribs.ts), or null for none. */
  attribs?: Record<string, unknown> | null;
}

/** What an insert of contacts left out, by lower-cased e-mail. */
export interface ContactsLeftOut {
  /** Already in the list. */
  duplicates: Set<string>;
  /** On the owner's suppression list (docs/architecture.md, «Suppression list»). */
  suppressed: Set<string>;
}

/**
 * Inserts contacts in one statement, skipping e-mails the list already holds and those on its
 * owner's suppression list; answers the lower-cased e-mails skipped, each why. Only those come
 * back, not the rows added: on the embedded
 * engine, answering every row added cost the import about a tenth of its rate
 * (docs/decisions.md, «Performance as users run it (issue 27)»). `contacts` must not repeat an e-mail. `consent` tells the consent trigger who adds
 * them, in the same statement (no transaction needed); unset, the signed-in operator.
 */
export async function insertContacts(
  db: Queryable,
  list: ListOwner,
  origin: string,
  contacts: NewContact[],
  consent?: ConsentContext,
): Promise<ContactsLeftOut> {
  const params = [
    list.id,
    list.user,
    origin,
    contacts.map((c) => c.email),
    contacts.map((c) => c.firstname),
    contacts.map((c) => c.lastname),
    contacts.map((c) => c.phone),
    // One JSON text per contact, null for none (the column's default, '{}'): jsonb[] needs no more.
    contacts.map((c) => (c.attribs ? JSON.stringify(c.attribs) : null)),
  ];
  const rows = await db.query<{ email: string; suppressed: boolean }>(
    `WITH ${consent ? `${consentContextCte(9)}, ` : ''}added AS (
       INSERT INTO grp_rcp (grp_id, user_id, origin, email, firstname, lastname, phone, attribs)
       SELECT $1, $2, $3, e, f, l, p, coalesce(a, '{}') FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[]) AS t(e, f, l, p, a)${consent ? ', consent_context' : ''}
       WHERE NOT ${suppressedSql('$2', 't.e')}
       ON CONFLICT (grp_id, lower(email)) DO NOTHING
       RETURNING lower(email) AS email)
     SELECT lower(e) AS email, ${suppressedSql('$2', 't.e')} AS suppressed
     FROM unnest($4::text[]) AS t(e) WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.email = lower(t.e))`,
    consent ? [...params, ...consentContextParams(consent)] : params,
  );
  const leftOut: ContactsLeftOut = { duplicates: new Set(), suppressed: new Set() };
  for (const row of rows) (row.suppressed ? leftOut.suppressed : leftOut.duplicates).add(row.email);
  return leftOut;
}

/** Contacts read, then deactivated, per statement when a list is replaced (see ROWS_PER_STATEMENT, db/statementRows.ts). */
const REPLACE_CHUNK = 1000;

/**
 * Deactivates the list's active contacts whose e-mail is not among those kept; answers how many.
 * The list is read by id in chunks and compared here, so that no statement holds the embedded
 * database for long (one anti-join over 200,000 addresses held it for about a second, and every
 * other request with it). Not one transaction: the request that calls it is idempotent.
 */
export async function deactivateContactsOutside(db: Queryable, grpId: number, keptEmails: string[]): Promise<number> {
  const kept = new Set(keptEmails.map((e) => e.toLowerCase()));
  let removed = 0;
  for (let after = 0; ; ) {
    const rows = await db.query<{ id: number; email: string }>(
      `SELECT id, lower(email) AS email FROM grp_rcp WHERE grp_id = $1 AND actif = 1 AND id > $2 ORDER BY id LIMIT ${REPLACE_CHUNK}`,
      [grpId, after],
    );
    if (rows.length === 0) return removed;
    after = rows[rows.length - 1].id;
    const outside = rows.filter((row) => !kept.has(row.email)).map((row) => row.id);
    if (outside.length > 0) {
      const updated = await db.query(
        `UPDATE grp_rcp SET actif = 0, last_modified = now() WHERE id = ANY($1::int[]) AND actif = 1 RETURNING id`,
        [outside],
      );
      removed += updated.length;
    }
    // Lets other requests in between two chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** When the caller's newest contact was added (in one list, or in any of theirs). */
export async function lastContactCreated(db: Queryable, userId: number, grpId?: number): Promise<string | null> {
  const [row] = await db.query<{ created: string | null }>(
    `SELECT max(created) AS created FROM grp_rcp WHERE user_id = $1 AND ($2::int IS NULL OR grp_id = $2)`,
    [userId, grpId ?? null],
  );
  return row.created;
}

/**
 * Adds the user's active recipients created since `since` to their active lists (or to one),
 * skipping e-mails a list already holds and those on the user's suppression list; answers how
 * many contacts were added.
 */
export async function addRecipientsSince(db: Queryable, userId: number, since: string, grpId?: number): Promise<number> {
  const rows = await db.query(
    `INSERT INTO grp_rcp (grp_id, user_id, origin, email, firstname, lastname, phone)
     SELECT g.id, g.user_id, 'refresh', r.email, r.firstname, r.lastname, r.phone
     FROM recipient r JOIN grp g ON g.user_id = r.user_id AND g.actif = 1 AND ($3::int IS NULL OR g.id = $3)
     WHERE r.user_id = $1 AND r.actif = 1 AND r.created >= $2::timestamptz AND NOT ${suppressedSql('r.user_id', 'r.email')}
     ORDER BY r.created, r.id
     ON CONFLICT (grp_id, lower(email)) DO NOTHING
     RETURNING id`,
    [userId, since, grpId ?? null],
  );
  return rows.length;
}

// Any fixed number: one refresh of a list at a time, across server processes.
const REFRESH_LOCK = 72_012;

/**
 * Brings a list's contacts up to date with the recipients they come from: names and phone
 * the recipient filled in, and recipients who left (actif 0) leave the list. Answers null
 * when another refresh of the list is under way.
 */
export async function refreshContacts(db: Db, grpId: number): Promise<{ updated: number; deactivated: number } | null> {
  return db.transaction(async (tx) => {
    const [{ locked }] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS locked', [
      REFRESH_LOCK,
      grpId,
    ]);
    if (!locked) return null;
    const updated = await tx.query(
      `UPDATE grp_rcp c SET firstname = coalesce(nullif(r.firstname, ''), c.firstname),
         lastname = coalesce(nullif(r.lastname, ''), c.lastname), phone = coalesce(nullif(r.phone, ''), c.phone),
         last_modified = now()
       FROM recipient r
       WHERE c.grp_id = $1 AND c.actif = 1 AND r.user_id = c.user_id AND lower(r.email) = lower(c.email) AND r.actif = 1
         AND (coalesce(nullif(r.firstname, ''), c.firstname), coalesce(nullif(r.lastname, ''), c.lastname),
              coalesce(nullif(r.phone, ''), c.phone)) IS DISTINCT FROM (c.firstname, c.lastname, c.phone)
       RETURNING c.id`,
      [grpId],
    );
    const deactivated = await tx.query(
      `UPDATE grp_rcp c SET actif = 0, last_modified = now()
       FROM recipient r
       WHERE c.grp_id = $1 AND c.actif = 1 AND r.user_id = c.user_id AND lower(r.email) = lower(c.email) AND r.actif = 0
       RETURNING c.id`,
      [grpId],
    );
    return { updated: updated.length, deactivated: deactivated.length };
  });
}

// What sending (the mail module) reads and changes of contacts: the rules of a contact's state live here.

/**
 * The ids of the list's contacts that may be mailed now, in order: a sub-select for queuing a
 * send (`$listParam` names the list). An address on the owner's suppression list is not queued
 * (docs/architecture.md, «Suppression list»): the send's total leaves it out.
 */
export const mailableContactIds = (listParam: string) =>
  `SELECT id FROM grp_rcp WHERE grp_id = ${listParam} AND actif = 1 AND NOT ${suppressedSql('grp_rcp.user_id', 'grp_rcp.email')} ORDER BY id`;

/**
 * The contact fields a message is made from (and `actif`: 0 once they left, or once the address
 * is on the owner's suppression list), as a FROM item of a mail statement, joined on `id`: the
 * worker's claim reads each contact's current data in the statement that claims it for
 * composing, so a suppression added after the send was queued skips the message. A plain
 * sub-select, which PostgreSQL flattens into the join.
 */
export const contactsToMail = `(SELECT c.id, c.email, c.firstname, c.lastname, c.attribs, c.grp_id,
  CASE WHEN c.actif = 1 AND NOT ${suppressedSql('c.user_id', 'c.email')} THEN 1 ELSE 0 END AS actif FROM grp_rcp c)`;

/** The attribute names of the owner's contacts (null: everyone's), in order, a hundred at most. */
export async function attribNames(db: Queryable, ownerId: number | null): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT DISTINCT k AS name FROM grp_rcp, jsonb_object_keys(attribs) AS k
     WHERE ($1::int IS NULL OR user_id = $1) AND attribs <> '{}' ORDER BY 1 LIMIT 100`,
    [ownerId],
  );
  return rows.map((row) => row.name);
}

/** A contact with the subject of its list (the unsubscribe page names both). */
export async function findContactWithList(db: Queryable, contactId: number) {
  const [row] = await db.query<{ id: number; email: string; actif: number; list: string }>(
    `SELECT c.id, c.email, c.actif, g.subject AS list FROM grp_rcp c JOIN grp g ON g.id = c.grp_id WHERE c.id = $1`,
    [contactId],
  );
  return row ?? null;
}

/** The contact unsubscribed themself (through a message's link); false when they were not active. */
export async function unsubscribeContact(db: Queryable, contactId: number): Promise<boolean> {
  const changed = await db.query(
    `UPDATE grp_rcp SET status = 'désabonné', unsubscribed_by = 'contact', last_modified = now()
     WHERE id = $1 AND status = 'actif' RETURNING id`,
    [contactId],
  );
  return changed.length > 0;
}

/** Several addresses bounced at once, each of its owner: one statement for the lot. */
export async function rejectAddresses(db: Queryable, ownerIds: number[], emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const changed = await db.query(
    `UPDATE grp_rcp c SET status = 'rejeté', last_modified = now()
     FROM grp g, (SELECT DISTINCT owner, lower(email) AS email FROM unnest($1::int[], $2::text[]) AS x(owner, email)) x
     WHERE g.id = c.grp_id AND g.user_id = x.owner AND lower(c.email) = x.email AND c.status = 'actif'
     RETURNING c.id`,
    [ownerIds, emails],
  );
  return changed.length;
}

/** The address bounced: it is 'rejeté' in every list of the owner (until an operator clears it). */
export async function rejectAddress(db: Queryable, ownerId: number, email: string): Promise<number> {
  const changed = await db.query(
    `UPDATE grp_rcp c SET status = 'rejeté', last_modified = now()
     FROM grp g WHERE g.id = c.grp_id AND g.user_id = $1 AND lower(c.email) = lower($2) AND c.status = 'actif'
     RETURNING c.id`,
    [ownerId, email],
  );
  return changed.length;
}
