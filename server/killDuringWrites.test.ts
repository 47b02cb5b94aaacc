import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { httpApi } from './testing/httpApi';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

/**
 * The embedded database keeps what it acknowledged through SIGKILLs (issue 36): the server, in
 * a process of its own, is killed while requests write, then started again on the same data
 * folder; every write answered 2xx before the kill must be there. KILL_ROUNDS sets how many
 * times (20 by default, as the issue asks).
 */
const ROUNDS = Number(process.env.KILL_ROUNDS ?? 20);
/** Writers at once, and how long they write before the kill (varied, so kills land anywhere). */
const WRITERS = 4;
const WRITE_MS = [50, 300];

jest.setTimeout(ROUNDS * 90_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-kill-'));
let server: ServerProcess | null = null;

afterAll(() => {
  server?.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every list id the server has, read through the API. */
async function listIds(url: string, token: string): Promise<Set<number>> {
  const api = httpApi(url);
  const ids = new Set<number>();
  for (let page = 1; ; page += 1) {
    const answer = (await api.call(token, 'GET', `/api/grps?itemsPerPage=1000&page=${page}`)) as unknown as { 'hydra:member': { id: number }[] };
    for (const { id } of answer['hydra:member']) ids.add(id);
    if (answer['hydra:member'].length < 1000) return ids;
  }
}

/** Creates lists until `stop` is set; adds the ids of those answered 201 to `acknowledged`. */
async function writer(url: string, token: string, name: string, stopped: () => boolean, acknowledged: number[]): Promise<number[]> {
  for (let n = 0; !stopped(); n += 1) {
    try {
      const response = await fetch(`${url}/api/grps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ subject: `${name}-${n}` }),
      });
      if (response.status === 201) acknowledged.push(((await response.json()) as { id: number }).id);
    } catch {
      // The kill cut this request: not acknowledged.
      return acknowledged;
    }
  }
  return acknowledged;
}

it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs during writes`, async () => {
  const acknowledged = new Set<number>();
  let token = '';
  for (let round = 0; round <= ROUNDS; round += 1) {
    server = await startServerProcess(dataDir);
    token ||= await httpApi(server.url).login();
    const present = await listIds(server.url, token);
    const lost = [...acknowledged].filter((id) => !present.has(id));
    expect({ round, lost }).toEqual({ round, lost: [] });
    if (round === ROUNDS) break;

    let stop = false;
    const answered: number[] = [];
    const writing = Array.from({ length: WRITERS }, (_, w) => writer(server!.url, token, `r${round}w${w}`, () => stop, answered));
    // Once writes are being answered (a loaded machine may take a while), a varied moment later.
    while (answered.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, WRITE_MS[0] + Math.random() * (WRITE_MS[1] - WRITE_MS[0])));
    // Killed with requests in flight: those answered before are acknowledged, the others not.
    server.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writing);
    for (const id of answered) acknowledged.add(id);
    expect(await server.exit).toBe('SIGKILL');
  }
  // Every round had writes answered before its kill, and others in flight.
  expect(acknowledged.size).toBeGreaterThanOrEqual(ROUNDS);
});
