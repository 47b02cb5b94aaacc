import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const AUTOCANNON = path.resolve(__dirname, '../../node_modules/.bin/autocannon');
const run = promisify(execFile);

export interface LoadResult {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

/**
 * `connections` clients hammering one URL over real sockets for `seconds`: autocannon, in a
 * process of its own so that the load generator does not share the server's event loop.
 */
export async function load(url: string, headers: Record<string, string>, seconds: number, connections = 20): Promise<LoadResult> {
  const args = ['-j', '-c', String(connections), '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await run(AUTOCANNON, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { total: number };
    duration: number;
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    throughput: { total: number };
  };
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}
