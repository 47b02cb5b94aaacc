import { createTestApp } from '../server/testing/testApp';
import { latencies, percentile, type BenchOptions } from './measure';

/** Issue 42: the notebook's first page and a search answer within this, p95. */
const TARGET_P95_MS = 100;


/**
 * A visitor's notebook of 5,000 notes (on 100 videos, among 20,000 notes of other visitors)
 * through the whole API: its first page (newest first, with each note's video), a search that
 * matches many notes, and one that matches few, both accent- and case-free; beside the same
 * SELECT run straight on the database.
 */
export default async function notebookBench(options: BenchOptions): Promise<void> {
  // Quick (CI's check that it runs): 500 notes and 30 requests a case.
  const [notes, others, history, requests] = options.quick ? [500, 1_000, 200, 30] : [5_000, 20_000, 2_000, 200];
  const t = await createTestApp({ PUBLIC_READ_RATE_LIMIT: '100000', PUBLIC_WRITE_RATE_LIMIT: '100000' });
  try {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/rtEvent/new',
      payload: { path: 'api/rtEvent/new', email: 'carnet.bench@example.org', name: 'optin_grp', grp_name: 'default', optin: true, data: {} },
    });
    const headers = { 'x-visitor-token': signup.json().tokenAc as string };
    const [visitor] = await t.db.query<{ id: number }>("SELECT id FROM visitor WHERE email = 'carnet.bench@example.org'");
    const [channel] = await t.db.query<{ id: number }>("INSERT INTO channel (youtube_id, name) VALUES ('UCbenchbenchbenchbench00', 'Banc') RETURNING id");
    await t.db.query(
      `INSERT INTO video (id, channel_id, title, published) SELECT 'bench' || lpad(n::text, 6, '0'), $1, 'Vidéo ' || n, now() FROM generate_series(1, $2) AS n`,
      [channel.id, Math.max(100, history)],
    );
    // The space's history beside the notes (issue 42: 2,000 entries), a video each.
    await t.db.query(
      `INSERT INTO visitor_history (visitor_id, video_id, position, duration, watched_at)
       SELECT $1, 'bench' || lpad(n::text, 6, '0'), n % 600, 600, now() - n * interval '1 minute' FROM generate_series(1, $2) AS n`,
      [visitor.id, history],
    );
    await t.db.query(
      `INSERT INTO visitor (email, token_hash, optin, event_name, grp_name)
       SELECT 'autre' || n || '@example.org', 'bench-hash-' || n, true, 'optin_grp', 'default' FROM generate_series(1, 50) AS n`,
    );
    // The visitor's notes: one in 50 speaks of an "Épisode", one in 1,000 of a "Révélation".
    const insertNotes = `INSERT INTO visitor_note (visitor_id, video_id, at, text)
      SELECT %VISITOR%, 'bench' || lpad((n % 100 + 1)::text, 6, '0'), n,
             CASE WHEN n % 1000 = 0 THEN 'La Révélation n° ' || n WHEN n % 50 = 0 THEN 'Épisode ' || n || ' : à revoir' ELSE 'Une idée de plus, la ' || n || 'e, sur la recette' END
      FROM generate_series(1, $1) AS n`;
    await t.db.query(insertNotes.replace('%VISITOR%', String(visitor.id)), [notes]);
    await t.db.query(insertNotes.replace('%VISITOR%', "(SELECT id FROM visitor WHERE email = 'autre' || (n % 50 + 1) || '@example.org')"), [others]);
    await t.db.query('ANALYZE visitor_note');
    await t.db.query('ANALYZE visitor_history');
    const cases: [string, string][] = [
      ['first page (50, newest first)', 'itemsPerPage=50'],
      ['search "episode" (1 in 50)', 'itemsPerPage=50&q=episode'],
      ['search "REVELATION" (1 in 1000)', 'itemsPerPage=50&q=REVELATION'],
    ];
    console.log(`\nnotebook of ${notes} notes among ${notes + others}, ${history} history entries (${t.db.kind}), p95 in ms (target ≤ ${TARGET_P95_MS})`);
    for (const [label, query] of cases) {
      const ours = await latencies(requests, () => t.app.inject({ url: `/api/visitor/notes?${query}`, headers }), 30);
      const p95 = percentile(ours, 95);
      console.log(`  ${label.padEnd(34)} API ${p95.toFixed(1).padStart(8)}  ${p95 <= TARGET_P95_MS ? 'ok' : 'OVER TARGET'}`);
    }
    const raw = await latencies(requests, () =>
      t.db.query(
        `SELECT n.id, n.video_id, n.at, n.text, v.title, c.name FROM visitor_note n
         LEFT JOIN video v ON v.id = n.video_id LEFT JOIN channel c ON c.id = v.channel_id
         WHERE n.visitor_id = $1 ORDER BY n.id DESC LIMIT 50`,
        [visitor.id],
      ),
      30,
    );
    console.log(`  ${'raw SELECT of the first page'.padEnd(34)} DB  ${percentile(raw, 95).toFixed(1).padStart(8)}`);
  } finally {
    await t.close();
  }
}
