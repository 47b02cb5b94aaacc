import { createTestApp, type TestApp } from '../../../testing/testApp';
import { makeDelivery, makeList, startSend } from '../../../testing/mailFixtures';
import type { Queryable } from '../../../db/db';
import { claim } from './recipients';

const PENDING = 100_000;

/** The plan PostgreSQL would run for `claim` (EXPLAIN plans a data-modifying statement without running it). */
async function claimPlan(db: Queryable): Promise<string> {
  let plan = '';
  await claim(
    {
      query: async <T>(sql: string, params?: unknown[]) => {
        const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        return [] as T[];
      },
    },
    'plan-worker',
    100,
  );
  return plan;
}

describe('claiming recipients of a large send', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No worker: the recipients stay pending while the plan is read.
    t = await createTestApp({ MAIL_WORKER: '0' });
  });
  afterAll(() => t.close());

  it(`walks the pending index in order instead of sorting ${PENDING} pending rows`, async () => {
    const admin = await t.adminBearer();
    const send = await startSend(t, admin, await makeDelivery(t, admin), await makeList(t, admin, PENDING));
    expect(send.total).toBe(PENDING);
    const plan = await claimPlan(t.db);
    expect(plan).toMatch(/Index Scan using mail_recipient_pending on mail_recipient/);
    expect(plan).not.toMatch(/Sort/);
    // The contacts come through the lists repository's sub-select, flattened: one lookup by key each.
    expect(plan).toMatch(/Index Scan using grp_rcp_pkey on grp_rcp/);
    expect(plan).not.toMatch(/Seq Scan on grp_rcp/);
  });
});
