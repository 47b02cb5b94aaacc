import type { Queryable } from '../../db/db';
import { dropConfirmations } from '../confirmations';

const VISITORS = `SELECT id FROM visitor WHERE lower(email) = $1`;

/**
 * The visitors' personal data (issue 38): an address's space (its settings, feed key, follows,
 * groups, saved and hidden videos, notes, history, imports) and its sign-in links and sessions.
 * Erased with the row: its children go by cascade, the audience's counts by their triggers.
 */
export const visitorsPersonalData = {
  name: 'visitors',
  tables: ['visitor', 'creator_list', 'visitor_group', 'visitor_video', 'visitor_note', 'visitor_history', 'visitor_import', 'visitor_token', 'confirmation'] as const,
  async export(tx: Queryable, email: string) {
    const [espace] = await tx.query<{ id: number }>(
      `SELECT id, email, optin, origin AS origine, created AS "crééLe", email_confirmed_at AS "adresseConfirméeLe", digest AS "résumé",
              digest_hour AS "heureDuRésumé", hide_shorts AS "masquerShorts", hide_live AS "masquerDirects",
              hidden_words AS "motsMasqués", data AS "données"
       FROM visitor WHERE lower(email) = $1 ORDER BY id LIMIT 1`,
      [email],
    );
    if (!espace) return {};
    const id = espace.id;
    const suivis = await tx.query(
      `SELECT l.name AS liste, ch.youtube_id AS "chaîne", ch.name AS nom, lc.created AS "suivieLe"
       FROM creator_list l JOIN creator_list_channel lc ON lc.list_id = l.id JOIN channel ch ON ch.id = lc.channel_id
       WHERE l.visitor_id = $1 ORDER BY lc.created`,
      [id],
    );
    const groupes = await tx.query(
      `SELECT g.name AS nom, coalesce(array_agg(ch.youtube_id ORDER BY gc.position) FILTER (WHERE ch.id IS NOT NULL), '{}') AS "chaînes"
       FROM visitor_group g LEFT JOIN visitor_group_channel gc ON gc.group_id = g.id LEFT JOIN channel ch ON ch.id = gc.channel_id
       WHERE g.visitor_id = $1 GROUP BY g.id, g.name ORDER BY g.id`,
      [id],
    );
    const videos = await tx.query(`SELECT video_id AS "vidéo", etat AS "état", etat_at AS le, seen_at AS "vueLe" FROM visitor_video WHERE visitor_id = $1`, [id]);
    const notes = await tx.query(`SELECT video_id AS "vidéo", at AS seconde, text AS texte, created AS "crééeLe" FROM visitor_note WHERE visitor_id = $1 ORDER BY id`, [id]);
    const historique = await tx.query(
      `SELECT video_id AS "vidéo", position, duration AS "durée", watched_at AS "vueLe" FROM visitor_history WHERE visitor_id = $1 ORDER BY watched_at`,
      [id],
    );
    const { id: _id, ...rest } = espace as Record<string, unknown>;
    return { visiteur: { espace: rest, suivis, groupes, videos, notes, historique } };
  },
  async erase(tx: Queryable, email: string) {
    const ids = (await tx.query<{ id: number }>(VISITORS, [email])).map((row) => row.id);
    const counts: Record<string, number> = Object.fromEntries(visitorsPersonalData.tables.map((table) => [table, 0]));
    if (ids.length === 0) return counts;
    for (const table of ['visitor_group', 'visitor_video', 'visitor_note', 'visitor_history', 'visitor_import', 'visitor_token']) {
      const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE visitor_id = ANY($1::int[])`, [ids]);
      counts[table] = row.n;
    }
    const confirmations = await tx.query(
      `SELECT id FROM confirmation WHERE kind IN ('visiteur', 'connexion', 'effacement') AND subject_id = ANY($1::bigint[])`,
      [ids],
    );
    counts.confirmation = confirmations.length;
    for (const kind of ['visiteur', 'connexion', 'effacement']) await dropConfirmations(tx, kind, ids);
    counts.creator_list = (await tx.query(`DELETE FROM creator_list WHERE visitor_id = ANY($1::int[]) RETURNING id`, [ids])).length;
    counts.visitor = (await tx.query(`DELETE FROM visitor WHERE id = ANY($1::int[]) RETURNING id`, [ids])).length;
    return counts;
  },
};
