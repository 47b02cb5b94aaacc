import type { FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../../db/db';
import { dropConfirmations } from '../confirmations';
import { suppressionOf } from '../suppressions';
import { publicClient, setConsentContext, type ConsentSource } from './consent';

/**
 * `formulaire` when the public route is called from the product's own pages, `api` otherwise:
 * a browser sends `Origin` with every cross-site or same-site POST, and ours is `publicUrl`'s
 * origin (PUBLIC_URL, or where the server listens: never the request's Host header, which its
 * sender chooses). A client elsewhere that forges the header only mislabels itself
 * (docs/decisions.md, «Automations (issue 23)»).
 */
export function publicSource(request: FastifyRequest, publicUrl: string): ConsentSource {
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !origin) return 'api';
  try {
    return new URL(origin).origin === new URL(publicUrl).origin ? 'formulaire' : 'api';
  } catch {
    return 'api';
  }
}

export interface PublicList {
  id: number;
  user: number;
  actif: number;
  doubleOptIn: boolean;
}

export async function findPublicList(db: Queryable, id: number): Promise<PublicList | null> {
  const [row] = await db.query<PublicList>(
    `SELECT id, user_id AS "user", actif, double_opt_in AS "doubleOptIn" FROM grp WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** A contact waiting for its confirmation message: which one, and how many times it subscribed. */
export interface PendingContact {
  id: number;
  email: string;
  /** The subscription's number for this contact: what makes its confirmation message once. */
  attempt: number;
}

/**
 * A public subscription: a new address starts `en attente`; one that left (unsubscribed or
 * removed) waits again for a new confirmation; one already active, waiting or bounced is left
 * as it is, and one on the owner's suppression list is not added (docs/architecture.md,
 * «Suppression list»): it is mailed no confirmation either. Answers the contact to send a confirmation to, or null when none is due (the
 * route answers the same either way: nobody learns who is in the list).
 */
export async function subscribePublicly(
  tx: Queryable,
  list: PublicList,
  body: { email: string; firstname?: string },
  request: FastifyRequest,
  source: ConsentSource,
): Promise<PendingContact | null> {
  if (await suppressionOf(tx, [list.user], body.email)) return null;
  await setConsentContext(tx, { source, ...publicClient(request) });
  const [row] = await tx.query<{ id: number; email: string; status: string }>(
    `INSERT INTO grp_rcp (grp_id, user_id, email, firstname, origin, status)
     VALUES ($1, $2, $3, $4, $5, 'en attente')
     ON CONFLICT (grp_id, lower(email)) DO UPDATE
       SET status = 'en attente', last_modified = now()
       WHERE grp_rcp.status IN ('désabonné', 'retiré')
     RETURNING id, email, status`,
    [list.id, list.user, body.email.trim(), body.firstname ?? '', source],
  );
  if (!row || row.status !== 'en attente') return null;
  const [{ attempt }] = await tx.query<{ attempt: number }>(
    `SELECT count(*)::int AS attempt FROM grp_rcp_consent WHERE grp_rcp_id = $1 AND type = 'ajouté'`,
    [row.id],
  );
  return { id: row.id, email: row.email, attempt };
}

/**
 * Contacts still `en attente` after `days` leave: those who never were anything else are
 * deleted with their events and links (nothing is kept of a subscription never confirmed);
 * those who had been in the list before are back to `retiré`, their history kept. Answers how
 * many contacts it changed.
 */
export async function removeExpiredPending(db: Queryable, days: number): Promise<number> {
  const expired = await db.query<{ id: number; before: boolean }>(
    `SELECT c.id, EXISTS (SELECT 1 FROM grp_rcp_consent e WHERE e.grp_rcp_id = c.id AND e.type <> 'ajouté') AS before
     FROM grp_rcp c WHERE c.status = 'en attente' AND c.status_changed_at < now() - make_interval(days => $1::int)
     ORDER BY c.id LIMIT 10000`,
    [days],
  );
  if (expired.length === 0) return 0;
  const never = expired.filter((row) => !row.before).map((row) => row.id);
  const returning = expired.filter((row) => row.before).map((row) => row.id);
  if (never.length > 0) {
    await dropConfirmations(db, 'liste', never);
    await db.query('DELETE FROM grp_rcp_consent WHERE grp_rcp_id = ANY($1::int[])', [never]);
    await db.query(`DELETE FROM grp_rcp WHERE id = ANY($1::int[]) AND status = 'en attente'`, [never]);
  }
  if (returning.length > 0) {
    await db.query(`UPDATE grp_rcp SET status = 'retiré', last_modified = now() WHERE id = ANY($1::int[]) AND status = 'en attente'`, [
      returning,
    ]);
  }
  return expired.length;
}

/** What a visitor's opt-in at sign-up did: joined (`actif`), waits for its confirmation, or nothing. */
export type SignupOptIn = 'actif' | 'en attente' | null;

/**
 * The spec's opt-in at sign-up (§7.6, issue 37): the visitor who ticked it becomes a contact of
 * the list an admin marked as the public default, through its double opt-in when it requires
 * one (`en attente`, and its confirmation queued in the same transaction), active otherwise.
 * No default list, an address on the owner's suppression list, or one the list already holds
 * (its state is left alone when the list takes no confirmation): nothing. `source` is the
 * consent's (`formulaire` from the product's pages).
 */
export async function optInAtSignup(
  db: Db,
  request: FastifyRequest,
  email: string,
  source: ConsentSource,
  queueConfirmation: (tx: Queryable, pending: PendingContact) => Promise<unknown>,
): Promise<SignupOptIn> {
  const [list] = await db.query<PublicList>(
    `SELECT id, user_id AS "user", actif, double_opt_in AS "doubleOptIn" FROM grp WHERE public_default AND actif = 1`,
  );
  if (!list) return null;
  return db.transaction(async (tx) => {
    if (list.doubleOptIn) {
      const pending = await subscribePublicly(tx, list, { email }, request, source);
      if (!pending) return null;
      await queueConfirmation(tx, pending);
      return 'en attente';
    }
    if (await suppressionOf(tx, [list.user], email)) return null;
    await setConsentContext(tx, { source, ...publicClient(request) });
    const added = await tx.query(
      `INSERT INTO grp_rcp (grp_id, user_id, email, origin) VALUES ($1, $2, $3, $4)
       ON CONFLICT (grp_id, lower(email)) DO NOTHING RETURNING id`,
      [list.id, list.user, email.trim(), source],
    );
    return added.length > 0 ? 'actif' : null;
  });
}
