import { configureStore, createSlice } from '@reduxjs/toolkit';
import { assembleBugReport, type BugReportParts } from './bugReport';
import { createDiagnostics } from './diagnostics';
import { bugReportFileName } from './download';
import { parseTrace } from './parse';
import { REDACTED } from './redact';
import { createTraceRecorder } from './recorder';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6MSwidXNlcm5hbWUiOiJhQGIuYyJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const session = createSlice({
  name: 'session',
  initialState: { token: null as string | null, count: 0 },
  reducers: {
    counted: (state) => {
      state.count += 1;
    },
  },
});

function recordedStore(limit?: number) {
  const recorder = createTraceRecorder({ recording: true, limit, now: () => Date.UTC(2026, 10, 26, 14, 5, 9), meta: () => ({ version: '0.1.0', commit: 'abc1234' }) });
  const store = configureStore({ reducer: session.reducer, middleware: (gdm) => gdm().concat(recorder.middleware) });
  return { recorder, store };
}

const environment = { userAgent: 'Mozilla/5.0 (test)', viewport: { width: 1280, height: 720 }, language: 'fr-FR', timeZone: 'Europe/Paris' };

describe('the bug report', () => {
  it('is named by the time it is made', () => {
    expect(bugReportFileName(new Date('2026-11-26T14:05:09.123Z'))).toBe('tgm-bug-2026-11-26T14-05-09.json');
  });

  it('holds exactly its keys, the trace the DevTools read, and each entry on the action it followed', () => {
    const { recorder, store } = recordedStore(2);
    const diagnostics = createDiagnostics(recorder.position, () => Date.UTC(2026, 10, 26, 14, 5, 9));
    diagnostics.addConsole('warning', ['avant']);
    store.dispatch(session.actions.counted());
    store.dispatch(session.actions.counted());
    diagnostics.addConsole('error', [`Échec avec ${JWT} dedans`, { token: 'raw' }]);
    store.dispatch(session.actions.counted());
    diagnostics.addRequest({ method: 'GET', path: '/api/grps/9?token=secret-1', status: 404, duration: 12.4 });
    diagnostics.addRequest({ method: 'GET', path: '/api/fast', status: 200, duration: 20 });
    diagnostics.addRequest({ method: 'POST', path: '/api/slow', status: 201, duration: 1500 });

    const parts: BugReportParts = {
      trace: recorder.trace(),
      dropped: recorder.dropped(),
      console: diagnostics.console(),
      requests: diagnostics.requests(),
      screenshot: PNG,
      build: { version: '0.1.0', commit: 'abc1234' },
      environment,
      description: `  Le jeton Bearer ${JWT} s'affiche  `,
    };
    const report = assembleBugReport(parts);
    expect(Object.keys(report)).toEqual(['trace', 'screenshot', 'console', 'requests', 'version', 'commit', 'userAgent', 'viewport', 'language', 'timeZone', 'description']);
    // Three actions recorded, the first folded into the start (limit 2): positions shift by one.
    expect(recorder.dropped()).toBe(1);
    expect(report.console).toEqual([
      { level: 'warning', message: 'avant', time: '2026-11-26T14:05:09.000Z', actionIndex: 0 },
      { level: 'error', message: `Échec avec ${REDACTED} dedans {"token":"raw"}`, time: '2026-11-26T14:05:09.000Z', actionIndex: 1 },
    ]);
    expect(report.requests).toEqual([
      { method: 'GET', path: `/api/grps/9?token=${REDACTED}`, status: 404, duration: 12, actionIndex: 2 },
      { method: 'POST', path: '/api/slow', status: 201, duration: 1500, actionIndex: 2 },
    ]);
    expect(report).toMatchObject({ screenshot: PNG, version: '0.1.0', commit: 'abc1234', ...environment, description: `Le jeton Bearer ${REDACTED} s'affiche` });
    const trace = parseTrace(JSON.stringify(report.trace));
    expect(trace.meta).toEqual({ version: '0.1.0', commit: 'abc1234' });
    expect(trace.steps.map((step) => step.state)).toEqual([{ token: null, count: 2 }, { token: null, count: 3 }]);
    // The report reads as a trace too (trace:replay, trace:test, the viewer).
    expect(parseTrace(JSON.stringify(report))).toEqual(trace);
    expect(JSON.stringify(report)).not.toContain(JWT);
  });

  it('keeps only a PNG data URL as its screenshot', () => {
    const { recorder } = recordedStore();
    const base = { trace: recorder.trace(), dropped: 0, console: [], requests: [], build: { version: '1', commit: 'c' }, environment, description: 'x' };
    expect(assembleBugReport({ ...base, screenshot: 'javascript:alert(1)' }).screenshot).toBeNull();
    expect(assembleBugReport({ ...base, screenshot: null }).screenshot).toBeNull();
  });
});

describe('the diagnostics installed in the page', () => {
  let uninstall: () => void = () => undefined;
  afterEach(() => uninstall());

  it('keep console errors and warnings, uncaught errors and rejections, and failed requests, redacted', async () => {
    let position = 4;
    const diagnostics = createDiagnostics(() => position);
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    uninstall = diagnostics.install(window);
    console.error(`Rendu en échec : ${JWT}`);
    position = 5;
    console.warn('attention');
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejet') }));
    // A real request to the real API server, refused without a session.
    const answer = await window.fetch(`${process.env.API_BASE_URL}/grps/999999?password=hunter2`);
    expect(answer.status).toBe(401);
    uninstall();
    console.error('après');

    expect(printed).toHaveBeenCalledWith(`Rendu en échec : ${JWT}`);
    expect(diagnostics.console().map(({ level, message, actionIndex }) => ({ level, message, actionIndex }))).toEqual([
      { level: 'error', message: `Rendu en échec : ${REDACTED}`, actionIndex: 4 },
      { level: 'warning', message: 'attention', actionIndex: 5 },
      { level: 'unhandledrejection', message: 'Error: rejet', actionIndex: 5 },
    ]);
    // A console call given no error keeps where it was called from: this file, not the patched console.
    const [error, warning, rejection] = diagnostics.console();
    expect(error.stack).toMatch(/^console\.error\n\s+at .*bugReport\.test\.ts:\d+:\d+/);
    expect(error.stack).not.toContain('diagnostics.ts');
    expect(warning.stack).toMatch(/^console\.warn\n/);
    expect(rejection.stack).toMatch(/^Error: rejet\n/);
    const [request] = diagnostics.requests();
    expect(request).toEqual({ method: 'GET', path: expect.stringMatching(/\/api\/grps\/999999\?password=\[redacted\]$/), status: 401, duration: expect.any(Number), requestId: expect.stringMatching(/^[\w.:-]{1,128}$/), actionIndex: 5 });
    jest.restoreAllMocks();
  });
});
