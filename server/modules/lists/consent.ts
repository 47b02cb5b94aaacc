import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db';

/** Who added or changed a contact, and how (docs/architecture.md, «Contacts and consent»). */
export type ConsentSource = 'opérateur' | 'import' | 'formulaire' | 'api' | 'message' | 'préférences';
export type ConsentType = 'ajouté' | 'confirmé' | 'désabonné' | 'rejeté' | 'réabonné' | 'exclu' | 'exclusion levée';

/** One consent event, as `GET /api/grp_rcps/{id}` answers it. */
export interface ConsentEvent {
  type: ConsentType;
  source: ConsentSource;
  at: string;
  ip: string | null;
  userAgent: string | null;
  /** The imported file's name, on an import's events only. */
  file?: string;
}

export interface ConsentContext {
  source: ConsentSource;
  ip?: string | null;
  userAgent?: string | null;
  file?: string | null;
}

/** The client's address (as TRUST_PROXY reads it) and user agent, for a public route's events. */
export function publicClient(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null };
}

const SETTINGS = `SELECT set_config('tgm.consent_source', $1, true), set_config('tgm.consent_ip', $2, true),
  set_config('tgm.consent_user_agent', $3, true), set_config('tgm.consent_file', $4, true)`;

const settingValues = (context: ConsentContext) => [
  context.source,
  context.ip ?? '',
  context.userAgent ?? '',
  (context.file ?? '').slice(0, 255),
];

/**
 * Tells the consent triggers (migration 0230_1) who writes in this transaction: call it with
 * the transaction's `tx` before the writes. Outside a transaction it would last one statement:
 * use `withConsentSql` there.
 */
export async function setConsentContext(tx: Queryable, context: ConsentContext): Promise<void> {
  await tx.query(SETTINGS, settingValues(context));
}

/**
 * The same settings as a CTE for a single autocommit statement (an import batch): `FROM`
 * the CTE named `consent_context` so that it runs before the rows are written. Its four
 * parameters start at `$first`.
 */
export function consentContextCte(first: number): string {
  return `consent_context AS (SELECT set_config('tgm.consent_source', $${first}, true) AS consent_source,
    set_config('tgm.consent_ip', $${first + 1}, true) AS consent_ip, set_config('tgm.consent_user_agent', $${first + 2}, true) AS consent_user_agent,
    set_config('tgm.consent_file', $${first + 3}, true) AS consent_file)`;
}

export const consentContextParams = settingValues;

/** A contact's consent events, oldest first. */
export async function consentOf(db: Queryable, contactId: number): Promise<ConsentEvent[]> {
  const rows = await db.query<ConsentEvent & { file: string | null }>(
    `SELECT type, source, at, ip, user_agent AS "userAgent", file FROM grp_rcp_consent WHERE grp_rcp_id = $1 ORDER BY id`,
    [contactId],
  );
  return rows.map(({ file, ...event }) => (file ? { ...event, file } : event));
}

/** The consent events of many contacts at once (exports), by contact id. */
export async function consentOfMany(db: Queryable, contactIds: number[]): Promise<Map<number, ConsentEvent[]>> {
  const rows = await db.query<ConsentEvent & { contact: number; file: string | null }>(
    `SELECT grp_rcp_id AS contact, type, source, at, ip, user_agent AS "userAgent", file
     FROM grp_rcp_consent WHERE grp_rcp_id = ANY($1::int[]) ORDER BY grp_rcp_id, id`,
    [contactIds],
  );
  const byContact = new Map<number, ConsentEvent[]>();
  for (const { contact, file, ...event } of rows) {
    const list = byContact.get(contact) ?? [];
    list.push(file ? { ...event, file } : event);
    byContact.set(contact, list);
  }
  return byContact;
}
