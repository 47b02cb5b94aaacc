import type { Queryable, Row } from '../../db/db';
import type { AuthUser } from '../../shared/auth';
import { isAdmin } from '../../shared/auth';
import { findItem, toItem, updateItem } from '../../shared/hydra';
import { deliveryResource, type DeliveryRow } from './resource';

/** Records the delivery as it now is under its version (one snapshot a version, the last write wins). */
export async function saveVersion(tx: Queryable, row: Row): Promise<void> {
  await tx.query(
    `INSERT INTO delivery_version (delivery_id, version, content) VALUES ($1, $2, $3)
     ON CONFLICT (delivery_id, version) DO UPDATE SET content = EXCLUDED.content, saved_at = now()`,
    [row.id, row.version, JSON.stringify(row)],
  );
}

export async function markPublished(tx: Queryable, deliveryId: number, version: number): Promise<string> {
  const [row] = await tx.query<{ publishedAt: string }>(
    `UPDATE delivery_version SET published_at = now() WHERE delivery_id = $1 AND version = $2
     RETURNING published_at AS "publishedAt"`,
    [deliveryId, version],
  );
  return row.publishedAt;
}

/** The next version number of an internal name among its owner's deliveries. */
export async function nextVersion(tx: Queryable, internalname: string, userId: number): Promise<number> {
  const [row] = await tx.query<{ next: number }>(
    'SELECT coalesce(max(version), 0) + 1 AS next FROM delivery WHERE internalname = $1 AND user_id = $2',
    [internalname, userId],
  );
  return row.next;
}

/**
 * The versions of one delivery (by id) or of every delivery sharing an internal name, that
 * the caller may see, newest first; each is the delivery as it was, with when it was published.
 */
export async function listVersions(db: Queryable, ref: { id: number } | { internalname: string }, user: AuthUser) {
  const params: unknown[] = ['id' in ref ? ref.id : ref.internalname];
  let where = 'id' in ref ? 'd.id = $1' : 'd.internalname = $1';
  if (!isAdmin(user)) {
    params.push(user.id);
    where += ' AND d.user_id = $2';
  }
  const rows = await db.query<{ content: Row; publishedAt: string | null }>(
    `SELECT v.content, v.published_at AS "publishedAt"
     FROM delivery_version v JOIN delivery d ON d.id = v.delivery_id
     WHERE ${where} ORDER BY v.version DESC, v.saved_at DESC`,
    params,
  );
  return rows.map(({ content, publishedAt }) => ({ ...toItem(deliveryResource, content), publishedAt }));
}

/**
 * Diffusion's frequency and list as a plan of sends now says them (planned, or stopped: ''):
 * written in place at the current version, since they say when and where the template goes,
 * not what it says; the editor reads them back as saved.
 */
export async function recordDiffusion(tx: Queryable, deliveryId: number, diffusion: { frequence: string; listId?: number }): Promise<void> {
  const current = await findItem<DeliveryRow>(tx, deliveryResource, deliveryId);
  const properties =
    diffusion.listId === undefined || diffusion.listId === current.properties?.listId
      ? current.properties
      : { ...(current.properties ?? {}), listId: diffusion.listId };
  if (current.frequence === diffusion.frequence && properties === current.properties) return;
  const row = await updateItem(tx, deliveryResource, deliveryId, { frequence: diffusion.frequence, properties });
  await saveVersion(tx, row);
}
