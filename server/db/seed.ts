import type { Config } from '../config';
import type { Db, Queryable } from './db';
import { ROLE_ADMIN, ROLE_EXPEDITEUR } from '../shared/auth';
import { ensureUser } from '../modules/users/repository';
import { seedDemoVideos } from '../modules/videos/demoSeed';
import { seedBackOffice } from './demoBackOffice';

export interface Seed {
  /** Runs once per database: its id is recorded in seed_run. */
  id: string;
  run(tx: Queryable, config: Config): Promise<void>;
}

export const usersSeed: Seed = {
  id: 'demo-users',
  run: async (tx, config) => {
    // ADMIN_EMAIL/ADMIN_PASSWORD make the first admin of an empty database only: later
    // users come by invitation (docs/decisions.md, «A team (issue 39)»).
    const [admin] = await tx.query(`SELECT 1 FROM app_user WHERE roles @> '["ROLE_ADMIN"]'::jsonb LIMIT 1`);
    if (!admin) await ensureUser(tx, config.adminEmail, config.adminPassword, [ROLE_ADMIN, ROLE_EXPEDITEUR]);
    await ensureUser(tx, config.operatorEmail, config.operatorPassword, [ROLE_EXPEDITEUR]);
  },
};

const seeds: Seed[] = [
  usersSeed,
  { id: 'demo-back-office', run: seedBackOffice },
  { id: 'demo-videos', run: (tx) => seedDemoVideos(tx) },
];

/** Seeds the demo data a fresh install shows; each seed runs once, so edits by users stay. */
export async function seedDemo(db: Db, config: Config, list: Seed[] = seeds): Promise<string[]> {
  const applied: string[] = [];
  for (const seed of list) {
    const ran = await db.transaction(async (tx) => {
      const claimed = await tx.query('INSERT INTO seed_run (id) VALUES ($1) ON CONFLICT (id) DO NOTHING RETURNING id', [
        seed.id,
      ]);
      if (claimed.length === 0) return false;
      await seed.run(tx, config);
      return true;
    });
    if (ran) applied.push(seed.id);
  }
  return applied;
}
