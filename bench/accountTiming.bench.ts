import { Secret, TOTP } from 'otpauth';
import { startApiServer, type RunningServer } from '../e2e/support/apiServer';
import { ADMIN, signIn as adminToken } from './support/api';
import { median, type BenchOptions } from './measure';

/** An address no account has. */
const UNKNOWN = 'personne@nulle-part.example';

/** One request's time, from its sending to its whole answer, over a socket. */
async function timedPost(server: RunningServer, url: string, body: unknown): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** Failed sign-ins sent at once on each address to reach the count (each waits its delay). */
const FAILURES_AT_ONCE = 10;

/** Untimed calls on each side first: the first answers of a route carry V8's compilation. */
const WARM_UP = 5;

/**
 * Known against unknown, interleaved (one pair known first, the next unknown first), `samples`
 * of each: the ratio of the medians, which must stay within 0.9–1.1 for no answer to tell
 * whether an account exists.
 */
async function knownAgainstUnknown(
  label: string,
  samples: number,
  ask: (email: string) => Promise<{ ms: number; status: number }>,
  { unknown: unknownOf = () => UNKNOWN, before }: { unknown?: (sample: number) => string; before?: () => Promise<unknown> } = {},
) {
  const known: number[] = [];
  const unknown: number[] = [];
  const statuses = new Set<string>();
  for (let i = 0; i < samples; i += 1) {
    await before?.();
    const knownFirst = i % 2 === 0;
    const first = await ask(knownFirst ? ADMIN.email : unknownOf(i));
    const second = await ask(knownFirst ? unknownOf(i) : ADMIN.email);
    const [a, b] = knownFirst ? [first, second] : [second, first];
    known.push(a.ms);
    unknown.push(b.ms);
    statuses.add(`${a.status}/${b.status}`);
  }
  const ratio = median(known) / median(unknown);
  console.log(
    `  ${label.padEnd(52)} known ${median(known).toFixed(1).padStart(7)} ms, unknown ${median(unknown).toFixed(1).padStart(7)} ms, ` +
      `ratio ${ratio.toFixed(2)} (${ratio >= 0.9 && ratio <= 1.1 ? 'within 0.9–1.1' : 'OUTSIDE 0.9–1.1'}; median of ${samples}; answers ${[...statuses].join(', ')})`,
  );
}

/**
 * Whether an answer's time tells that an account exists: a wrong password on the demo admin's
 * address against the same on an address without an account, fresh and after many failures on
 * both (the per-address delay then applies to both alike), and « Mot de passe oublié ? » for
 * both, and a wrong TOTP code (totpTiming). The compiled server in its own process, over HTTP, as a user meets it.
 */
export default async function accountTimingBench(options: BenchOptions): Promise<void> {
  // Quick (`npm test`): each path once or twice, to see it still runs; the delays grow with failures.
  const failures = options.quick ? 2 : 80;
  const samples = options.quick ? 2 : 15;
  const slowSamples = options.quick ? 1 : 5;
  const server = await startApiServer({ LOGIN_RATE_LIMIT: '10000', FEED_REFRESH_MINUTES: '0', MAIL_WORKER: '0' }, { compiled: true });
  try {
    const signIn = (email: string) => timedPost(server, '/api/login_check', { email, password: 'pas-le-bon-mot-de-passe' });
    for (let i = 0; i < WARM_UP; i += 1) {
      for (const email of [ADMIN.email, UNKNOWN]) await timedPost(server, '/api/password/forgot', { email });
    }
    console.log('\nAnswer times for an account that exists against one that does not (HTTP, compiled server)');
    await knownAgainstUnknown('« Mot de passe oublié ? » (POST /api/password/forgot)', samples, (email) =>
      timedPost(server, '/api/password/forgot', { email }),
    );
    // Fresh: the account's failures forgotten by a right password before each pair, a new unknown address each time.
    await knownAgainstUnknown('a wrong password, no failure before', samples, signIn, {
      unknown: (sample) => `personne-${sample}@nulle-part.example`,
      before: () => timedPost(server, '/api/login_check', ADMIN),
    });
    // Both addresses now get as many failures, from none: the delay they meet is the same.
    await timedPost(server, '/api/login_check', ADMIN);
    for (let done = 0; done < failures; done += FAILURES_AT_ONCE) {
      const batch = Math.min(FAILURES_AT_ONCE, failures - done);
      await Promise.all(Array.from({ length: batch }, () => [signIn(ADMIN.email), signIn(UNKNOWN)]).flat());
    }
    await knownAgainstUnknown(`a wrong password after ${failures} failures on each`, slowSamples, signIn);
    await totpTiming(server, { failures, samples: Math.min(samples, 9), slowSamples });
  } finally {
    await server.stop();
  }
}

/**
 * Two-factor sign-in (issue 39): the demo admin sets up TOTP; then a wrong code after the right
 * password on the admin's address against the same body on an address without an account,
 * fresh (the admin's failures forgotten by a recovery code before each pair) and after as many
 * wrong codes on each.
 */
async function totpTiming(server: RunningServer, { failures, samples, slowSamples }: { failures: number; samples: number; slowSamples: number }) {
  const authorization = `Bearer ${await adminToken(server)}`;
  const call = async (url: string, body: unknown) => {
    const response = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { secret } = (await call('/api/me/totp', {})) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' });
  const { recoveryCodes } = (await call('/api/me/totp/confirm', { code: totp.generate() })) as { recoveryCodes: string[] };
  // Six digits that are no code of these minutes.
  const now = Date.now();
  const near = [-1, 0, 1, 2, 3].map((step) => totp.generate({ timestamp: now + step * 30_000 }));
  const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.includes(code))!;
  const wrongCode = (email: string) => timedPost(server, '/api/login_check', { email, password: ADMIN.password, code: wrong });
  let recovery = 0;
  await knownAgainstUnknown('a wrong TOTP code, no failure before', samples, wrongCode, {
    unknown: (sample) => `personne-totp-${sample}@nulle-part.example`,
    before: () => timedPost(server, '/api/login_check', { ...ADMIN, code: recoveryCodes[recovery++] }),
  });
  const unknown = 'personne-totp@nulle-part.example';
  await timedPost(server, '/api/login_check', { ...ADMIN, code: recoveryCodes[recovery++] });
  for (let done = 0; done < failures; done += FAILURES_AT_ONCE) {
    const batch = Math.min(FAILURES_AT_ONCE, failures - done);
    await Promise.all(Array.from({ length: batch }, () => [wrongCode(ADMIN.email), wrongCode(unknown)]).flat());
  }
  await knownAgainstUnknown(`a wrong TOTP code after ${failures} failures on each`, slowSamples, wrongCode, { unknown: () => unknown });
}

