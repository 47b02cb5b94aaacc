import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../../db/db';
import type { ModuleContext } from '../../shared/context';
import { currentUser, isAdmin, type AuthUser } from '../../shared/auth';
import { cleanSequence } from '../../shared/sequence';
import { SequenceCleanAnswer } from './schemas';
import { SEQUENCE_TABLES } from './sequenceTables';

interface CleanCounts {
  records: number;
  changed: number;
  dropped: number;
}

async function cleanTable(tx: Queryable, table: string, user: AuthUser): Promise<CleanCounts> {
  const rows = await tx.query<{ id: number; sequence: unknown }>(
    `SELECT id, sequence FROM ${table} WHERE $1::int IS NULL OR user_id = $1 ORDER BY id`,
    [isAdmin(user) ? null : user.id],
  );
  const counts: CleanCounts = { records: rows.length, changed: 0, dropped: 0 };
  for (const row of rows) {
    const { items, dropped } = cleanSequence(row.sequence);
    if (JSON.stringify(items) === JSON.stringify(row.sequence)) continue;
    await tx.query(`UPDATE ${table} SET sequence = $2 WHERE id = $1`, [row.id, JSON.stringify(items)]);
    counts.changed += 1;
    counts.dropped += dropped;
  }
  return counts;
}

/**
 * `GET /api/sequence/clean` (spec §7.4): every stored sequence the caller may change (all of
 * them for an admin) renumbered 1..n with its empty items dropped; answers the counts.
 */
export const maintenanceRoutes: FastifyPluginAsync<ModuleContext> = async (app, { db, authenticate }) => {
  app.get('/api/sequence/clean', { onRequest: authenticate, schema: { tags: ['maintenance'], response: { 200: SequenceCleanAnswer } } }, async (request) => {
    const user = currentUser(request);
    return db.transaction(async (tx) => {
      const tables: Record<string, CleanCounts> = {};
      for (const table of SEQUENCE_TABLES) tables[table] = await cleanTable(tx, table, user);
      const total = (key: keyof CleanCounts) => Object.values(tables).reduce((sum, counts) => sum + counts[key], 0);
      return { records: total('records'), changed: total('changed'), dropped: total('dropped'), tables };
    });
  });
};
