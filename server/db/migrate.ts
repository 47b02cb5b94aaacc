import type { Db, Migration } from './db';
import { migrations } from './migrations';

// Any fixed number: several server processes starting together migrate one at a time.
const MIGRATION_LOCK = 72_011;

/** Applies, in id order, every migration the database has not seen yet. */
export async function migrate(db: Db, list: Migration[] = migrations): Promise<string[]> {
  const ordered = [...list].sort((a, b) => a.id.localeCompare(b.id));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migration (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migration')).map((r) => r.id));
    const applied: string[] = [];
    for (const migration of ordered) {
      if (done.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migration (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}

/**
 * Extended-protocol queries take one statement each; migrations are written one per `;` line
 * end. A `$$`-quoted body (a trigger function) is kept whole whatever its lines end with.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  sql.split('$$').forEach((part, index) => {
    const quoted = index % 2 === 1;
    if (index > 0) current += '$$';
    if (quoted) {
      current += part;
      return;
    }
    const pieces = part.split(/;\s*$/m);
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      statements.push(current);
      current = piece;
    }
  });
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
}
