import type { Queryable } from '../../db/db';
import { deleteReportsOlderThan } from './repository';
import type { ReportFiles } from './storage';

/** Removes the reports older than `days`, rows then files; answers how many went. */
export async function removeExpiredReports(db: Queryable, files: ReportFiles, days: number): Promise<number> {
  const ids = await deleteReportsOlderThan(db, days);
  for (const id of ids) await files.remove(id);
  return ids.length;
}
