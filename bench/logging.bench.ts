import { startApiServer, type RunningServer } from '../e2e/support/apiServer';
import { api, newList, signIn } from './support/api';
import { load } from './support/load';
import { compare, type BenchOptions, type Side } from './measure';

/** The README's quick start (`npm start`): no NODE_ENV, hence readable logs at `info`. */
const QUICK_START = { NODE_ENV: '' };

/**
 * What the quick start's logging costs the API (issue 27): the compiled server as `npm start`
 * runs it (readable logs through pino-pretty, level `info`, its stdout read by this process as
 * a terminal would) against the same server logging fatal errors only (`LOG_LEVEL=fatal`; `silent` also hides the line saying it is ready), each
 * in a process of its own on its own embedded database, under the same load: the small
 * collection `GET /api/grps?user&actif`, 20 connections. Target: at least 0.9 (issue 27).
 */
export default async function loggingBench(options: BenchOptions): Promise<void> {
  const seconds = options.quick ? 2 : 20;
  const servers: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startApiServer({ FEED_REFRESH_MINUTES: '0', ...env }, { compiled: true });
    servers.push(server);
    const token = await signIn(server);
    const listId = await newList(server, token, 'Logs');
    const { user } = await api<{ user: number | string }>(server, token, 'GET', `/api/grps/${listId}`);
    const owner = /(\d+)$/.exec(String(user))?.[1];
    return { url: `${server.url}/api/grps?user=${owner}&actif=1`, headers: { authorization: `Bearer ${token}` } };
  };
  const side = (label: string, target: { url: string; headers: Record<string, string> }): Side => ({
    label,
    run: async () => {
      const result = await load(target.url, target.headers, seconds);
      if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      return { operations: result.requests, seconds: result.seconds };
    },
  });
  try {
    const quickStart = await start(QUICK_START);
    const silent = await start({ ...QUICK_START, LOG_LEVEL: 'fatal' });
    await compare(
      'the quick start\'s logging: small collection GET /api/grps?user&actif, 20 connections, embedded database',
      'requests/s',
      side('`npm start` as the README runs it: readable logs, level info', quickStart),
      side('the same server, LOG_LEVEL=fatal: no request logged', silent),
      options.rounds,
      { settle: !options.quick },
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
