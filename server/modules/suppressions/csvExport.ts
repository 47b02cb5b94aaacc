import type { Queryable } from '../../db/db';
import { csvFormat, type CsvSeparator } from '../../shared/csv';
import { collectionWhere } from '../../shared/hydra';
import { suppressionResource } from './resource';
import type { SuppressionReason } from './types';

const EXPORT_BATCH = 2000;

/** The header row, in the console's French column names. */
export const SUPPRESSIONS_HEADER = ['email', 'motif', 'origine', 'exclue le', 'ajoutée par', 'compte'];

export interface SuppressionExportFilter {
  /** The owner's id; absent (admins): every owner's. */
  user?: number;
  search?: string;
  reason?: SuppressionReason;
  separator?: CsvSeparator;
}

/**
 * The suppression list as CSV lines, read by id in batches (keyset paging), written by the
 * product's CSV writer (shared/csv.ts: a BOM, no formula).
 */
export async function* exportSuppressions(db: Queryable, filter: SuppressionExportFilter): AsyncGenerator<string> {
  const csv = csvFormat(filter.separator);
  yield csv.header(SUPPRESSIONS_HEADER);
  const { whereSql, params } = collectionWhere(suppressionResource, { user: filter.user, search: filter.search, reason: filter.reason });
  let after = 0;
  for (;;) {
    const rows = await db.query<{ id: number; email: string; reason: string; source: string; at: string; addedBy: string | null; owner: string }>(
      `SELECT id, email, reason, source, at, added_by_email AS "addedBy", user_email AS owner
       FROM ${suppressionResource.table} ${whereSql ? `${whereSql} AND` : 'WHERE'} id > $${params.length + 1}
       ORDER BY id LIMIT ${EXPORT_BATCH}`,
      [...params, after],
    );
    if (rows.length === 0) return;
    yield csv.rows(rows.map((row) => [row.email, row.reason, row.source, new Date(row.at).toISOString(), row.addedBy, row.owner]));
    after = rows[rows.length - 1].id;
    if (rows.length < EXPORT_BATCH) return;
  }
}
