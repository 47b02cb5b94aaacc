import type { Queryable } from '../../db/db';
import { collectionWhere } from '../../shared/hydra';
import { consentOfMany, type ConsentEvent } from './consent';
import { grpRcpResource } from './resource';

/** How many contacts one read fetches: the export holds one batch in memory, whatever the list's size. */
export const EXPORT_BATCH = 2000;

interface ExportedContact {
  id: number;
  email: string;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  origin: string | null;
  status: string;
  created: string;
}

/** The header row, in the table's French column names. */
export const EXPORT_HEADER = ['email', 'prénom', 'nom', 'téléphone', 'origine', 'statut', 'ajouté le', 'consentement'];

/**
 * A contact's consent events in one field (DESIGN §7): `type (source[ : file]) date[ [ip, agent]]`
 * per event, oldest first, separated by ` | `.
 */
export function consentSummary(events: ConsentEvent[]): string {
  return events
    .map((event) => {
      const how = event.file ? `${event.source} : ${event.file}` : event.source;
      const client = [event.ip, event.userAgent].filter(Boolean).join(', ');
      return `${event.type} (${how}) ${new Date(event.at).toISOString()}${client ? ` [${client}]` : ''}`;
    })
    .join(' | ');
}

/**
 * One CSV field (RFC 4180). A field a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) is prefixed with a quote (OWASP's CSV injection advice): contacts'
 * names come from imports and public forms.
 */
export function csvField(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: (string | null)[]): string => `${fields.map(csvField).join(',')}\r\n`;

export interface ExportFilter {
  search?: string;
  status?: string;
}

/**
 * The contacts of a list as CSV lines, read by id in batches (keyset paging): the first bytes
 * leave at once and memory stays flat for 100,000 contacts. Starts with a BOM so that
 * spreadsheets read the accents as UTF-8.
 */
export async function* exportContacts(db: Queryable, grpId: number, filter: ExportFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(EXPORT_HEADER)}`;
  const { whereSql, params } = collectionWhere(grpRcpResource, { grp: grpId, search: filter.search, status: filter.status });
  let after = 0;
  for (;;) {
    const rows = await db.query<ExportedContact>(
      `SELECT id, email, firstname, lastname, phone, origin, status, created FROM grp_rcp
       ${whereSql} AND id > $${params.length + 1} ORDER BY id LIMIT ${EXPORT_BATCH}`,
      [...params, after],
    );
    if (rows.length === 0) return;
    const consent = await consentOfMany(db, rows.map((c) => c.id));
    yield rows
      .map((c) =>
        csvLine([c.email, c.firstname, c.lastname, c.phone, c.origin, c.status, new Date(c.created).toISOString(), consentSummary(consent.get(c.id) ?? [])]),
      )
      .join('');
    after = rows[rows.length - 1].id;
    if (rows.length < EXPORT_BATCH) return;
  }
}
