import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer } from '../e2e/support/apiServer';
import { api, csvOf, importCsv, listOf, newDelivery, newList, sendAndWait, signIn } from './support/api';
import { load } from './support/load';
import { IMPORT_HEADER, importRow } from './support/rawInsert';
import { startSinkProcess } from './support/sink';
import { memoryMap, memoryMapLine } from './support/smaps';
import { rssMiB, type BenchOptions } from './measure';

/** The budget (issue 27): the high-water mark through the whole scenario, and idle after it. */
const HWM_TARGET_MIB = 400;
const IDLE_TARGET_MIB = 250;

/**
 * The embedded database's memory as a user's server goes through its first day: the compiled
 * server (`node build/server/main.js`, NODE_ENV=production, default settings but for where mail
 * goes) in a process of its own, started on a new data folder, then a 100,000-row import
 * through the API, three sends to a 20,000-contact list, a minute of API load (10 connections
 * on the console's small collection), and a minute idle, read at half time too: the server
 * gives memory back once quiet (server/startup/idleMemory.ts) and V8 shrinks its young
 * generation some seconds after that. After each phase: the high-water mark (VmHWM) and the
 * resident memory (VmRSS) by kind of mapping (support/smaps.ts).
 */
export default async function memoryBench(options: BenchOptions): Promise<void> {
  const sizes = options.quick
    ? { importRows: 2_000, contacts: 500, loadSeconds: 3, settleSeconds: 6 }
    : { importRows: 100_000, contacts: 20_000, loadSeconds: 60, settleSeconds: 60 };
  const sink = await startSinkProcess();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-memory-'));
  try {
    const server = await startApiServer(
      {
        DATA_DIR: dataDir,
        FEED_REFRESH_MINUTES: '0',
        SMTP_URL: sink.url,
        MAIL_FROM: 'TGM News <no-reply@localhost>',
        // To look inside (not for the figures): e.g. `--require ./probe.js` or `--heapsnapshot-signal=SIGUSR2`.
        ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
      },
      { compiled: true },
    );
    try {
      const pid = server.serverPid();
      console.log(
        `\nserver memory, embedded database, through a first day (MiB; import ${sizes.importRows} rows, ` +
          `3 sends to ${sizes.contacts} contacts, ${sizes.loadSeconds} s of API load, ${sizes.settleSeconds} s idle)`,
      );
      const report = (phase: string) =>
        console.log(
          `  ${phase.padEnd(44)} VmHWM ${rssMiB(pid, 'VmHWM').toFixed(0).padStart(4)}   VmRSS ${rssMiB(pid).toFixed(0).padStart(4)}` +
            ` (${memoryMapLine(memoryMap(pid))})`,
        );
      report('first start on a new data folder');

      const token = await signIn(server);
      const bigList = await newList(server, token, 'Import');
      await importCsv(server, token, bigList, csvOf(IMPORT_HEADER, sizes.importRows, importRow), sizes.importRows);
      report(`import of ${sizes.importRows} rows through the API`);

      const listId = await listOf(server, token, sizes.contacts);
      const deliveryId = await newDelivery(server, token, {
        subject: 'Bonjour {{firstname}}',
        html: '<html><body><h1>Bonjour {{firstname}}</h1><p>Les nouveautés du mois, rien que pour vous.</p></body></html>',
        text: 'Bonjour {{firstname}}\nLes nouveautés du mois, rien que pour vous.',
      });
      for (let send = 1; send <= 3; send += 1) {
        const arrived = sink.expect(sizes.contacts);
        await sendAndWait(server, token, deliveryId, listId);
        await arrived;
        report(`send ${send} of ${sizes.contacts} messages`);
      }

      const { user } = await api<{ user: number | string }>(server, token, 'GET', `/api/grps/${listId}`);
      const owner = /(\d+)$/.exec(String(user))?.[1];
      const loaded = await load(`${server.url}/api/grps?user=${owner}&actif=1`, { authorization: `Bearer ${token}` }, sizes.loadSeconds, 10);
      if (loaded.non2xx || loaded.errors) throw new Error(`API load: ${loaded.non2xx} non-2xx answers, ${loaded.errors} errors`);
      report(`${sizes.loadSeconds} s of GET /api/grps?user&actif, 10 connections`);

      const halfSettle = sizes.settleSeconds / 2;
      await new Promise((resolve) => setTimeout(resolve, halfSettle * 1000));
      report(`idle ${halfSettle} s after`);
      await new Promise((resolve) => setTimeout(resolve, halfSettle * 1000));
      report(`idle ${sizes.settleSeconds} s after`);
      const hwm = rssMiB(pid, 'VmHWM');
      const idle = rssMiB(pid);
      console.log(
        `  targets: high-water mark ${hwm.toFixed(0)} ≤ ${HWM_TARGET_MIB} MiB ${hwm <= HWM_TARGET_MIB ? 'met' : 'NOT met'}, ` +
          `idle ${idle.toFixed(0)} ≤ ${IDLE_TARGET_MIB} MiB ${idle <= IDLE_TARGET_MIB ? 'met' : 'NOT met'}` +
          (options.quick ? ' (quick run: small sizes, not the targets’ scenario)' : ''),
      );
    } finally {
      await server.stop();
    }
  } finally {
    sink.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
