import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { takeIntake } from '../server/modules/automations/repository';
import { runAutomations } from '../server/modules/automations/runner';
import { enginesFor, type Engine } from './support/engines';
import { startBenchApp } from './support/inProcessApp';
import { startSinkProcess } from './support/sink';
import { compare, timed, type BenchOptions } from './measure';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * Issue 23's two figures, on each engine:
 * - a step due for N contacts (the runner queues them, the worker sends them) against the same
 *   delivery sent to the same list with "Envoyer" (POST /api/sendEmail), both to an SMTP sink
 *   in a process of its own; ours should keep ≥ 0.9 of the send's rate;
 * - a CSV import into a list with an active automation against the same import into a list
 *   without one; ≤ 10 % slower. The import's statements write one intake row per automation
 *   (migration 1200_2); the runner writes the entries afterwards, and each round prints how long
 *   that took, outside the import's time.
 */
async function benchEngine(engine: Engine, dataDir: string, contacts: number, options: BenchOptions): Promise<void> {
  const sink = await startSinkProcess();
  // Unsigned on both sides (DKIM=off): signing costs the same on both, and at this size would
  // make each round several minutes of signing in which the queueing difference is lost.
  const t = await startBenchApp(engine, dataDir, {
    env: { MAIL_WORKER: '1', SMTP_URL: sink.url, MAIL_POLL_MS: '50', AUTOMATIONS_TICK_SECONDS: '0', DKIM: 'off' },
  });
  try {
    const admin = await t.bearer(t.config.adminEmail, t.config.adminPassword);
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${t.url}${url}`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number; entered?: number };
    };
    const delivery = await post('/api/deliveries', {
      label: 'Bench',
      internalname: `bench-${Date.now()}`,
      subject: 'Bonjour {{firstname}}',
      codeHtml: [b64('<html><body><h1>Bonjour {{firstname}}</h1><p>Les nouveautés du mois.</p></body></html>')],
      codeText: [b64('Bonjour {{firstname}}\nLes nouveautés du mois.')],
    });
    const [{ id: owner }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.adminEmail]);
    const list = async () => {
      const [{ id }] = await t.db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ('bench', $1) RETURNING id`, [owner]);
      await t.db.query(
        `INSERT INTO grp_rcp (grp_id, user_id, email, firstname) SELECT $1, $2, 'c' || n || '@bench.example', 'C' || n FROM generate_series(1, $3) AS n`,
        [id, owner, contacts],
      );
      return id;
    };

    // The imports first, on a database the step's rounds have not yet grown by 600,000 rows: an
    // import's speed drifts down as the contacts table grows, which the rounds' order cannot cancel.
    const csv = Buffer.from(['email,firstname', ...Array.from({ length: contacts }, (_, i) => `i${i}@bench.example,I${i}`)].join('\n'));
    const importInto = async (withAutomation: boolean) => {
      const [{ id: grp }] = await t.db.query<{ id: number }>(`INSERT INTO grp (subject, user_id) VALUES ('import', $1) RETURNING id`, [owner]);
      if (withAutomation) {
        const automation = await post('/api/automations', { name: 'Import', trigger: { type: 'liste', grp }, steps: [{ delivery: delivery.id, delayMinutes: 60 }] });
        await post(`/api/automations/${automation.id}/activate`, {});
      }
      const sample = await timed(async () => {
        const response = await fetch(`${t.url}/api/grps/${grp}/import`, { method: 'POST', headers: { ...admin, 'content-type': 'text/csv' }, body: csv });
        const report = (await response.json()) as { added?: number };
        if (report.added !== contacts) throw new Error(`import answered ${JSON.stringify(report)}`);
        return contacts;
      });
      if (withAutomation) {
        // What the runner's next tick does for the import: its entries, outside the import's time.
        const entries = await timed(() => takeIntake(t.db));
        if (entries.operations !== contacts) throw new Error(`entries written: ${entries.operations}`);
        console.log(`  then the runner wrote the ${contacts} entries in ${entries.seconds.toFixed(2)} s`);
      }
      return sample;
    };
    await compare(
      `a ${contacts}-row import with and without an active automation on the list, ${engine.name} database`,
      'rows/s',
      { label: 'import into a list with an active automation', run: () => importInto(true) },
      { label: 'import into a list without one', run: () => importInto(false) },
      options.rounds,
    );

    await compare(
      `a step due for ${contacts} contacts against "Envoyer", ${engine.name} database`,
      'messages/s',
      {
        label: 'automation step: runner queues, worker sends',
        run: async () => {
          const grp = await list();
          const automation = await post('/api/automations', { name: 'Bench', trigger: { type: 'liste', grp }, steps: [{ delivery: delivery.id, delayMinutes: 0 }] });
          const entered = await post(`/api/automations/${automation.id}/activate`, { includeExisting: true });
          if (entered.entered !== contacts) throw new Error(`entered ${entered.entered}`);
          const received = sink.expect(contacts);
          return timed(async () => {
            await runAutomations(t.db, { timezone: t.config.timezone });
            await received;
            return contacts;
          });
        },
      },
      {
        label: 'POST /api/sendEmail to the same list size',
        run: async () => {
          const grp = await list();
          const received = sink.expect(contacts);
          return timed(async () => {
            await post('/api/sendEmail', { delId: delivery.id, listId: grp });
            await received;
            return contacts;
          });
        },
      },
      options.rounds,
    );

  } finally {
    await t.close();
    sink.stop();
  }
}

export default async function automationsBench(options: BenchOptions): Promise<void> {
  // BENCH_AUTOMATIONS_CONTACTS sets another size (to look into a figure at a size between the two).
  const contacts = Number(process.env.BENCH_AUTOMATIONS_CONTACTS) || (options.quick ? 500 : 100_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-automations-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchEngine(engine, dataDir, contacts, options);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
