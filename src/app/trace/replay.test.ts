import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { persistStore } from 'redux-persist';
import { baseApi } from '../../shared/api';
import { exportTrace, parseTrace, type Trace } from '../../shared/trace';
import { loggedIn } from '../../features/auth';
import { emailSaved, signedUp } from '../../features/visitors';
import { REGRESSION_TRACES_DIR, traceFiles } from '../../testing/traceReplay';
import { rootReducer } from '../rootReducer';
import { makeStore } from '../store';
import { describeReplay, replayTrace } from './replay';

const user = { id: 3, ip: '10.0.0.1', roles: ['ROLE_USER'], username: 'op@example.org', token: 'jwt-3' };

/** A trace the app's own recorder made of a short session. */
async function recordedSession(): Promise<Trace> {
  localStorage.clear();
  const store = makeStore();
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  store.dispatch(loggedIn(user));
  store.dispatch(signedUp({ email: 'v@example.org', token: 'tokenAc-1' }));
  store.dispatch(emailSaved('w@example.org'));
  return parseTrace(store.traceRecorder.exportText());
}

const typesOf = (trace: Trace) => trace.steps.map((step) => step.action.type);

describe('replaying a trace', () => {
  it('matches a recording of the app, state after state', async () => {
    const trace = await recordedSession();
    expect(typesOf(trace)).toEqual(['persist/REHYDRATE', 'auth/loggedIn', 'visitor/signedUp', 'visitor/emailSaved']);
    const report = replayTrace(trace);
    expect(report).toMatchObject({ matches: true, compared: 4, firstDivergence: undefined, unknownSlices: [] });
    expect(report.actions).toEqual(typesOf(trace).map((type, i) => ({ index: i + 1, type })));
    expect(report.finalState).toMatchObject({ auth: { user: { username: 'op@example.org', token: '[redacted]' } }, visitor: { userEmail: 'w@example.org' } });
    expect(describeReplay(report)).toBe('The replay matches the recorded states (4 of 4 actions checked).');
  });

  it('reports the first action after which the replayed state departs from the recorded one', async () => {
    const trace = await recordedSession();
    const tampered: Trace = {
      ...trace,
      steps: trace.steps.map((step, i) =>
        i >= 2 ? { ...step, state: { ...(step.state as object), visitor: { tokens: [], userEmail: 'someone@else.org' } } } : step,
      ),
    };
    const report = replayTrace(tampered);
    expect(report.matches).toBe(false);
    expect(report.firstDivergence).toEqual({
      index: 3,
      type: 'visitor/signedUp',
      differences: [
        { path: 'visitor.tokens.length', recorded: 0, replayed: 1 },
        { path: 'visitor.userEmail', recorded: 'someone@else.org', replayed: 'v@example.org' },
      ],
    });
    expect(describeReplay(report)).toBe(
      [
        'The replay differs first at action #3 (visitor/signedUp).',
        '  visitor.tokens.length: recorded 0, replayed 1',
        '  visitor.userEmail: recorded "someone@else.org", replayed "v@example.org"',
      ].join('\n'),
    );
  });

  it('reports a difference in the final state alone, and a changed action as a difference', async () => {
    const trace = await recordedSession();
    const changedAction: Trace = {
      ...trace,
      steps: trace.steps.map((step) => (step.action.type === 'visitor/emailSaved' ? { ...step, action: { ...step.action, payload: 'x@example.org' } } : step)),
    };
    expect(replayTrace(changedAction).firstDivergence).toMatchObject({
      index: 4,
      differences: [{ path: 'visitor.userEmail', recorded: 'w@example.org', replayed: 'x@example.org' }],
    });
  });

  it('replays a plain action list and says there was nothing to compare', async () => {
    const trace = await recordedSession();
    const plain = parseTrace(exportTrace({ preloadedState: trace.preloadedState, steps: trace.steps.map(({ action }) => ({ action })) }));
    const report = replayTrace(plain);
    expect(report).toMatchObject({ matches: true, compared: 0 });
    expect(report.finalState).toMatchObject({ visitor: { userEmail: 'w@example.org' } });
    expect(describeReplay(report)).toBe('Replayed 4 actions; the file holds no recorded states to compare with.');
  });

  it("replays the extension's recording from page load: persist's bootstrap and another page's RTK Query id", () => {
    const initial = rootReducer(undefined, { type: '@@INIT' }) as unknown as Record<string, unknown>;
    const api = initial.api as { config: object };
    const registered = { ...initial, api: { ...api, config: { ...api.config, middlewareRegistered: true } } };
    const persisting = { ...registered, _persist: { version: 1, rehydrated: false } };
    const auth = { user, accessToken: 'jwt-3' };
    const rehydrated = { ...persisting, auth, _persist: { version: 1, rehydrated: true } };
    const trace: Trace = {
      preloadedState: initial,
      steps: [
        { action: baseApi.internalActions.middlewareRegistered('uid-of-another-page-load'), state: registered },
        { action: { type: 'persist/PERSIST', key: 'tgm' }, state: persisting },
        { action: { type: 'persist/REHYDRATE', key: 'tgm', payload: { auth, _persist: { version: 1, rehydrated: true } } }, state: rehydrated },
        { action: { type: 'visitor/emailSaved', payload: 'skipped@example.org' }, state: rehydrated, skipped: true },
      ],
    };
    const report = replayTrace(trace);
    expect(describeReplay(report)).toBe('The replay matches the recorded states (4 of 4 actions checked).');
  });

  it('compares only the slices the recording knows, and names the others', async () => {
    const trace = await recordedSession();
    const withoutVisitor = (state: unknown) => {
      const { visitor: _visitor, ...rest } = state as Record<string, unknown>;
      return rest;
    };
    const older: Trace = {
      preloadedState: withoutVisitor(trace.preloadedState),
      steps: trace.steps.map((step) => ({ ...step, state: withoutVisitor(step.state) })),
    };
    const report = replayTrace(older);
    expect(report).toMatchObject({ matches: true, compared: 4, unknownSlices: ['visitor'] });
    expect(describeReplay(report)).toContain('Not compared (the recording predates them): visitor.');
  });
});

describe('npm run trace:replay', () => {
  const run = promisify(execFile);
  const cli = (...files: string[]) =>
    run(path.resolve('node_modules/.bin/tsx'), ['scripts/trace-replay.ts', ...files], { env: { ...process.env, NODE_OPTIONS: '' } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('prints the actions and the final state, and exits 0 when the replay matches', async () => {
    const [fixture] = traceFiles(REGRESSION_TRACES_DIR);
    const { code, stdout } = await cli(fixture);
    // The checked-in traces predate the builds' metadata: said before the replay.
    expect(stdout).toMatch(new RegExp(`^${fixture.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: The file comes from an unknown version; this is \\S+ \\(\\w+\\)\\.\n`));
    expect(stdout).toMatch(/\nActions \(\d+\):\n\s+1 {2}persist\/REHYDRATE\n/);
    expect(stdout).toContain('Final state (redacted):\n{\n  "api": {');
    expect(stdout).toContain(`${fixture}: The replay matches the recorded states`);
    expect(code).toBe(0);
  });

  it('exits 1 on a replay that differs and on a corrupt file, saying why', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tgm-trace-'));
    const trace = await recordedSession();
    const differing = path.join(dir, 'differing.json');
    fs.writeFileSync(differing, exportTrace({ ...trace, steps: trace.steps.map((step) => ({ ...step, state: { ...(step.state as object), auth: null } })) }));
    const corrupt = path.join(dir, 'corrupt.json');
    fs.writeFileSync(corrupt, '{"payload": "[{\\"type\\": ');
    const { code, stdout, stderr } = await cli('--quiet', differing, corrupt);
    expect(stdout).toContain(`${differing}: The replay differs first at action #1 (persist/REHYDRATE).`);
    expect(stdout).not.toContain('Final state');
    expect(stderr).toContain(`${corrupt}: Not a Redux trace: the file is not valid JSON`);
    expect(code).toBe(1);
    fs.rmSync(dir, { recursive: true });
  });
});
