import { createTestApp } from '../server/testing/testApp';
import { latencies, type BenchOptions } from './measure';

/** The 99th percentile of durations, in milliseconds. */
const p99 = (durations: number[]) => [...durations].sort((a, b) => a - b)[Math.ceil(durations.length * 0.99) - 1];


/**
 * One page of the contacts table of a 100,000-contact list through the whole API (issue 14
 * asks < 100 ms p99 on both engines): by the table's default order, sorted by e-mail, and
 * searched; beside the same SELECTs run straight on the database.
 */
export default async function contactsPageBench(options: BenchOptions): Promise<void> {
  // Quick (CI's check that it runs): a list of 5,000 and 50 requests a case.
  const [contacts, requests] = options.quick ? [5_000, 50] : [100_000, 200];
  const t = await createTestApp();
  try {
    const operator = await t.operatorBearer();
    const list = (await t.call('POST', '/api/grps', operator, { subject: 'Grande liste' })).json();
    await t.db.query(
      `INSERT INTO grp_rcp (grp_id, user_id, email, firstname, lastname, origin)
       SELECT $1, $2, 'contact' || n || '@example.org', 'Prénom' || n, CASE WHEN n % 100 = 0 THEN 'Dupré' ELSE 'Nom' || n END, 'import'
       FROM generate_series(1, $3) AS n`,
      [list.id, list.user, contacts],
    );
    await t.db.query('ANALYZE grp_rcp');
    const pages = Math.floor(contacts / 50);
    const cases: [string, (i: number) => string][] = [
      ['default order (created desc)', (i) => `order[created]=desc&page=${(i * 37) % pages + 1}`],
      ['sorted by e-mail', (i) => `order[email]=asc&page=${(i * 37) % pages + 1}`],
      ['searched "dupre"', (i) => `search=dupre&page=${(i % 10) + 1}`],
    ];
    console.log(`\ncontacts table page of 50 in a ${contacts}-contact list (${t.db.kind}), p99 in ms`);
    for (const [label, query] of cases) {
      const ours = await latencies(requests, (i) =>
        t.app.inject({ url: `/api/grp_rcps?grp=${list.id}&itemsPerPage=50&${query(i)}`, headers: operator }),
      );
      console.log(`  ${label.padEnd(32)} API ${p99(ours).toFixed(1).padStart(8)}`);
    }
    const raw = await latencies(requests, async (i) => {
      await t.db.query('SELECT count(*)::int FROM grp_rcp WHERE grp_id = $1', [list.id]);
      await t.db.query('SELECT * FROM grp_rcp WHERE grp_id = $1 ORDER BY created DESC, id DESC LIMIT 50 OFFSET $2', [
        list.id,
        ((i * 37) % pages) * 50,
      ]);
    });
    console.log(`  ${'raw SELECT count + page'.padEnd(32)} DB  ${p99(raw).toFixed(1).padStart(8)}`);
  } finally {
    await t.close();
  }
}
