import type { Queryable, Row } from '../../db/db';
import { collectionView, findItem, selectList } from '../../shared/hydra';
import { grpRcpResource } from '../lists';
import { compileSegment, type SegmentDef } from './rules';
import { segmentResource } from './resource';

/** A segment's row as its rules compile: owner, list, match and rules. */
export async function segmentDef(db: Queryable, id: number): Promise<SegmentDef & { name: string }> {
  const row = await findItem<Row>(db, segmentResource, id);
  return defOf(row);
}

export const defOf = (row: Row): SegmentDef & { name: string } => ({
  user: Number(row.user),
  grp: row.grp === null || row.grp === undefined ? null : Number(row.grp),
  match: row.match === 'au moins un' ? 'au moins un' : 'tous',
  rules: Array.isArray(row.rules) ? row.rules : [],
  name: String(row.name),
});

/** How many contacts a send to the segment would mail now. */
export async function countSegment(db: Queryable, def: SegmentDef): Promise<number> {
  const { sql, params } = await compileSegment(db, def);
  const [{ count }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM (${sql}) segment_contacts`, params);
  return count;
}

/** A page of the segment's contacts, by id, as the contacts collection answers them. */
export async function segmentContacts(db: Queryable, def: SegmentDef, segmentId: number, query: { page?: number; itemsPerPage?: number }) {
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? 30;
  const { sql, params } = await compileSegment(db, def);
  const rows = await db.query<Row>(
    `SELECT ${selectList(grpRcpResource)} FROM grp_rcp WHERE id IN (${sql}) ORDER BY id LIMIT ${itemsPerPage} OFFSET ${(page - 1) * itemsPerPage}`,
    params,
  );
  const total = await countSegment(db, def);
  const path = `/api/segments/${segmentId}/contacts`;
  return {
    '@context': `/api/contexts/${grpRcpResource.type}`,
    '@id': path,
    '@type': 'hydra:Collection' as const,
    'hydra:member': rows.map((row) => ({ '@id': `/api/grp_rcps/${row.id}`, '@type': grpRcpResource.type, ...row })),
    'hydra:totalItems': total,
    ...collectionView(path, query, page, itemsPerPage, total),
  };
}

/** True when a planned send or an active schedule targets the segment: it is not deleted under them. */
export async function segmentInUse(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM mail_send WHERE segment_id = $1 AND status = 'scheduled')
         OR EXISTS (SELECT 1 FROM mail_schedule WHERE segment_id = $1 AND active = 1) AS used`,
    [id],
  );
  return row.used;
}

/** Which of these contacts are in the segment now (an automation step's `segment`, issue 37). */
export async function contactsInSegment(db: Queryable, segmentId: number, contactIds: number[]): Promise<Set<number>> {
  if (contactIds.length === 0) return new Set();
  const def = await segmentDef(db, segmentId).catch(() => null);
  // A segment that is gone takes nobody: the step is skipped.
  if (!def) return new Set();
  const { sql, params } = await compileSegment(db, def, 2, { onePerAddress: false });
  const rows = await db.query<{ id: number }>(`SELECT id FROM (${sql}) segment_contacts WHERE id = ANY($1::int[])`, [contactIds, ...params]);
  return new Set(rows.map((row) => row.id));
}
