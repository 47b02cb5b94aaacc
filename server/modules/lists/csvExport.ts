import type { Queryable } from '../../db/db';
import { collectionWhere } from '../../shared/hydra';
import { csvFormat, type CsvSeparator } from '../../shared/csv';
import { consentOfMany, type ConsentEvent } from './consent';
import { grpRcpResource } from './resource';
import { attribText } from './attribs';

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
  attribs: Record<string, unknown>;
}

/** The header row, in the table's French column names; the list's attributes follow, by name (issue 37). */
export const EXPORT_HEADER = ['email', 'prénom', 'nom', 'téléphone', 'origine', 'statut', 'ajouté le', 'consentement'];

/**
 * A contact's consent events in one field (docs/architecture.md, «Contacts and consent»): `type (source[ : file]) date[ [ip, agent]]`
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

export interface ExportFilter {
  search?: string;
  status?: string;
  /** `;` (the default, French Excel's) or `,`. */
  separator?: CsvSeparator;
  /** The table's attribute filters, by name. */
  attribs?: Record<string, string>;
}

/** The attribute names the list's contacts have, in order: the export's last columns. */
export async function attribNamesOf(db: Queryable, grpId: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT DISTINCT k AS name FROM grp_rcp, jsonb_object_keys(attribs) AS k WHERE grp_id = $1 AND attribs <> '{}' ORDER BY 1`,
    [grpId],
  );
  return rows.map((row) => row.name);
}

/**
 * The contacts of a list as CSV lines, read by id in batches (keyset paging): the first bytes
 * leave at once and memory stays flat for 100,000 contacts. Written by the product's CSV writer
 * (shared/csv.ts): a BOM so that spreadsheets read the accents as UTF-8, no formula.
 */
export async function* exportContacts(db: Queryable, grpId: number, filter: ExportFilter): AsyncGenerator<string> {
  const csv = csvFormat(filter.separator);
  const names = await attribNamesOf(db, grpId);
  yield csv.header([...EXPORT_HEADER, ...names]);
  const attribFilters = Object.fromEntries(Object.entries(filter.attribs ?? {}).map(([name, value]) => [`attribs[${name}]`, value]));
  const { whereSql, params } = collectionWhere(grpRcpResource, { grp: grpId, search: filter.search, status: filter.status, ...attribFilters });
  let after = 0;
  for (;;) {
    const rows = await db.query<ExportedContact>(
      `SELECT id, email, firstname, lastname, phone, origin, status, created, attribs FROM grp_rcp
       ${whereSql} AND id > $${params.length + 1} ORDER BY id LIMIT ${EXPORT_BATCH}`,
      [...params, after],
    );
    if (rows.length === 0) return;
    const consent = await consentOfMany(db, rows.map((c) => c.id));
    yield csv.rows(
      rows.map((c) => [
        c.email,
        c.firstname,
        c.lastname,
        c.phone,
        c.origin,
        c.status,
        new Date(c.created).toISOString(),
        consentSummary(consent.get(c.id) ?? []),
        ...names.map((name) => attribText(c.attribs[name])),
      ]),
    );
    after = rows[rows.length - 1].id;
    if (rows.length < EXPORT_BATCH) return;
  }
}
