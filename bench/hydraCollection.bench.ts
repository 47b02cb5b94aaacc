import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { Db, Row } from '../server/db/db';
import { enginesFor, type Engine } from './support/engines';
import { startBenchApp } from './support/inProcessApp';
import { load, type LoadResult } from './support/load';
import { compare, median, type BenchOptions, type Side } from './measure';

const CONTACTS = 1000;

interface Statement {
  sql: string;
  params?: unknown[];
}

/** A Db that notes the statements run while `recording` is on (what a request of ours runs). */
function recorder(db: Db) {
  const state = { recording: false, statements: [] as Statement[] };
  const wrapped: Db = {
    kind: db.kind,
    dataVersion: db.dataVersion,
    query: (sql, params) => {
      if (state.recording) state.statements.push({ sql, params });
      return db.query(sql, params);
    },
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
  };
  return { state, wrapped };
}

/**
 * Collections through the whole API (auth, validation, ownership, JSON-LD, serialisation)
 * under autocannon, 20 connections over real sockets, against plain Fastify routes in the
 * same process: one replays the very statements our request ran, through the same driver,
 * and sends the rows; one answers a static JSON with the same headers and body as our small collection.
 */
async function benchCollections(engine: Engine, dataDir: string, options: BenchOptions): Promise<void> {
  const seconds = options.quick ? 2 : 10;
  let rec!: ReturnType<typeof recorder>;
  const t = await startBenchApp(engine, dataDir, { wrap: (db) => (rec = recorder(db)).wrapped });
  const plain = Fastify();
  try {
    const admin = await t.bearer(t.config.adminEmail, t.config.adminPassword);
    const [{ id: adminId }] = await t.db.query<{ id: number }>('SELECT id FROM app_user WHERE email = $1', [t.config.adminEmail]);
    const [{ id: listId }] = await t.db.query<{ id: number }>(
      `INSERT INTO grp (subject, user_id) VALUES ('Abonnés', $1) RETURNING id`,
      [adminId],
    );
    await t.db.query(
      `INSERT INTO grp_rcp (grp_id, user_id, email, firstname, lastname)
       SELECT $1, $2, 'contact-' || n || '@example.org', 'Prénom' || n, 'Nom' || n FROM generate_series(1, $3) AS n`,
      [listId, adminId, CONTACTS],
    );
    await t.db.query('ANALYZE');
    const small = `/api/grps?user=${adminId}&actif=1`;
    const large = `/api/grp_rcps?grp=${listId}&itemsPerPage=${CONTACTS}`;

    /** One request of ours: its body, and the statements it ran. */
    const probe = async (url: string) => {
      rec.state.statements = [];
      rec.state.recording = true;
      const response = await fetch(`${t.url}${url}`, { headers: admin });
      rec.state.recording = false;
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      // Its headers too (all but those Node writes itself): the static side sends the same bytes.
      const headers = Object.fromEntries(
        [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)),
      );
      return { body: await response.text(), headers, statements: rec.state.statements };
    };
    const smallAnswer = await probe(small);
    const largeAnswer = await probe(large);

    plain.get('/static', (_request, reply) => reply.headers(smallAnswer.headers).send(smallAnswer.body));
    plain.get('/same-sql', async () => {
      let biggest: Row[] = [];
      for (const statement of largeAnswer.statements) {
        const rows = await t.db.query(statement.sql, statement.params);
        if (rows.length >= biggest.length) biggest = rows;
      }
      return biggest;
    });
    const plainUrl = await plain.listen({ port: 0, host: '127.0.0.1' });
    const plainLarge = await (await fetch(`${plainUrl}/same-sql`)).text();

    const latencies = new Map<string, LoadResult[]>();
    const side = (label: string, url: string, headers: Record<string, string> = {}): Side => ({
      label,
      run: async () => {
        const result = await load(url, headers, seconds);
        if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        latencies.set(label, [...(latencies.get(label) ?? []), result]);
        return { operations: result.requests, seconds: result.seconds };
      },
    });
    const printLatencies = (...labels: string[]) => {
      for (const label of labels) {
        const runs = latencies.get(label) ?? [];
        const bytes = runs[0]?.bytesPerResponse ?? 0;
        console.log(
          `  ${label}: p50 ${median(runs.map((r) => r.p50)).toFixed(1)} ms, p99 ${median(runs.map((r) => r.p99)).toFixed(1)} ms, ${bytes.toFixed(0)} B a response`,
        );
      }
    };

    const oursSmall = `GET ${small.replace(/\d+/g, '{id}')}`;
    await compare(
      `small collection (${Buffer.byteLength(smallAnswer.body)} B of JSON), 20 connections, ${engine.name} database`,
      'requests/s',
      side(oursSmall, `${t.url}${small}`, admin),
      side('plain Fastify route, static JSON, same headers and bytes', `${plainUrl}/static`),
      options.rounds,
    );
    printLatencies(oursSmall, 'plain Fastify route, static JSON, same headers and bytes');
    // Background pollers (the scheduler's) write now and then: the fewest of a few tries is a
    // request that found nothing written since the one before.
    let again = Infinity;
    for (let i = 0; i < 5 && again > 0; i += 1) again = Math.min(again, (await probe(small)).statements.length);
    console.log(
      `  statements a request runs: ${smallAnswer.statements.length} when it reads the database (of which the session check: 1), ` +
        `${again} when their tables were not written since the one before (server/db/readCache.ts)`,
    );

    const oursLarge = `GET /api/grp_rcps, ${CONTACTS} items`;
    await compare(
      `large collection (${CONTACTS} items, ${(Buffer.byteLength(largeAnswer.body) / 1024).toFixed(0)} kB; plain: ${(Buffer.byteLength(plainLarge) / 1024).toFixed(0)} kB), 20 connections, ${engine.name} database`,
      'requests/s',
      side(oursLarge, `${t.url}${large}`, admin),
      side(`plain Fastify route, the same ${largeAnswer.statements.length} statements, rows sent`, `${plainUrl}/same-sql`),
      options.rounds,
    );
    printLatencies(oursLarge, `plain Fastify route, the same ${largeAnswer.statements.length} statements, rows sent`);
  } finally {
    await plain.close();
    await t.close();
  }
}

export default async function hydraCollectionBench(options: BenchOptions): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-bench-collection-'));
  try {
    for (const engine of enginesFor(options, dataDir)) {
      try {
        await benchCollections(engine, dataDir, options);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
