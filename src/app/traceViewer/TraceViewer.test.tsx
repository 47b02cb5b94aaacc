import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { persistStore } from 'redux-persist';
import { authApi, loggedIn, sessionUserFromToken } from '../../features/auth';
import { fr } from '../../shared/i18n/fr';
import { frTraceViewer } from '../../shared/i18n/frTraceViewer';
import { DEMO_OPERATOR } from '../../testing/demoUsers';
import { locationChanged } from '../location';
import { makeStore } from '../store';
import { appTraceMeta } from '../trace/appMeta';
import { createPreviewStore } from './previewStore';
import { TraceViewerPage } from './TraceViewer';
import { diffStates, openViewerFile } from './viewerModel';

const FIXTURES = path.resolve(__dirname, '../../shared/trace/fixtures');
const current = appTraceMeta({ version: '0.1.0', commit: 'abc1234' });

/** A real session, recorded by the app's store against the real API server: login page, sign-in, dashboard. */
async function recordedSession(): Promise<string> {
  localStorage.clear();
  const store = makeStore();
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  store.dispatch(locationChanged({ pathname: '/login', search: '?token=secret-in-address', hash: '' }));
  const { token } = await store.dispatch(authApi.endpoints.loginCheck.initiate(DEMO_OPERATOR)).unwrap();
  const user = sessionUserFromToken(token);
  store.dispatch(loggedIn(user));
  await store.dispatch(authApi.endpoints.getUser.initiate(user.id));
  store.dispatch(locationChanged({ pathname: '/dashboard', search: '', hash: '' }));
  return store.traceRecorder.exportText();
}

describe('the viewer model', () => {
  it.each(['devtools-plain', 'devtools-lifted', 'devtools-payload'])('opens the DevTools file %s, with a state at every step', (name) => {
    const viewer = openViewerFile(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'), current);
    expect(viewer.steps.length).toBeGreaterThan(1);
    expect(viewer.steps.map((step) => step.type)).toEqual([null, ...viewer.steps.slice(1).map(() => 'counter/added')]);
    for (const step of viewer.steps) expect(step.state).toBeDefined();
    expect(viewer.version.notes[0]).toBe('The file comes from an unknown version; this is 0.1.0 (abc1234).');
  });

  it('gives each step its route, from the recorded navigation, redacted', async () => {
    const viewer = openViewerFile(await recordedSession(), current);
    const routes = viewer.steps.map((step) => step.route);
    expect(routes[0]).toBe('/');
    expect(routes).toContain('/login?token=[redacted]');
    expect(routes.at(-1)).toBe('/dashboard');
    expect(viewer.version).toEqual({ otherBuild: true, changedSlices: [], notes: ['The file comes from unknown (unknown); this is 0.1.0 (abc1234).'] });
  });

  it('shares what a step keeps of the previous one, so that stepping skips and re-renders only what changed', async () => {
    const { steps } = openViewerFile(await recordedSession(), current);
    const [before, after] = steps.slice(-2).map((step) => step.state as Record<string, unknown>);
    expect(steps.at(-1)?.type).toBe('router/locationChanged');
    expect(after.api).toBe(before.api);
    expect(after.auth).toBe(before.auth);
    expect(after.router).not.toBe(before.router);
    expect(after.router).toEqual({ location: { pathname: '/dashboard', search: '', hash: '' } });
  });

  it('lists what changed from one state to the next, skipping shared parts', () => {
    const shared = { rows: Array.from({ length: 1000 }, (_, id) => ({ id })) };
    expect(diffStates({ api: shared, auth: { user: null } }, { api: shared, auth: { user: { id: 3 } } })).toEqual({
      changes: [{ path: 'auth.user', before: null, after: { id: 3 } }],
      total: 1,
    });
    expect(diffStates({ a: [1, 2] }, { a: [1, 3, 4] }).changes).toEqual([
      { path: 'a[1]', before: 2, after: 3 },
      { path: 'a[2]', before: undefined, after: 4 },
    ]);
  });
});

describe('the preview store', () => {
  it('answers a query the recording lacks as missing, without a request', async () => {
    const fetched = jest.spyOn(globalThis, 'fetch');
    const store = createPreviewStore(undefined);
    const result = await store.dispatch(authApi.endpoints.getUser.initiate(3));
    expect(result.error).toEqual({ status: 'CUSTOM_ERROR', message: fr.trace.missingQuery });
    expect(fetched).not.toHaveBeenCalled();
    fetched.mockRestore();
  });
});

describe('the trace viewer page', () => {
  it("opens a trace, renders the app's own screen of each step from the recorded state, and steps with the keys", async () => {
    const text = await recordedSession();
    const fetched = jest.spyOn(globalThis, 'fetch');
    render(<TraceViewerPage current={current} />);
    const file = new File([text], 'tgm-trace-2026-11-26T14-05-09.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText(frTraceViewer.choose), file);

    const status = await screen.findByRole('status');
    const steps = openViewerFile(text, current).steps;
    const last = steps.length - 1;
    expect(status).toHaveTextContent(`tgm-trace-2026-11-26T14-05-09.json : ${last} action(s)`);
    expect(screen.getByRole('alert')).toHaveTextContent(frTraceViewer.otherBuild);

    // The last step: the dashboard, from the recorded session and the recorded getUser answer.
    const frame = screen.getByTestId('trace-screen');
    expect(await within(frame).findByText(`Connecté : ${DEMO_OPERATOR.email}`, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(frTraceViewer.route('/dashboard'))).toBeInTheDocument();

    // Back to the login page's step, with the arrow keys.
    const loginStep = steps.findIndex((step) => step.route.startsWith('/login'));
    for (let index = last; index > loginStep; index -= 1) fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByText(frTraceViewer.stepOf(loginStep, last))).toBeInTheDocument();
    expect(await within(frame).findByRole('heading', { name: 'Se connecter' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: frTraceViewer.diff })).toHaveTextContent('router.location');

    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    });
    expect(screen.getByText(frTraceViewer.stepOf(loginStep + 1, last))).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: frTraceViewer.action })).getByText(new RegExp(steps[loginStep + 1].type ?? ''))).toBeInTheDocument();
    await waitFor(() => expect(fetched).not.toHaveBeenCalled());
    fetched.mockRestore();
  });

  it('says why a file cannot be read', async () => {
    render(<TraceViewerPage current={current} />);
    await userEvent.upload(screen.getByLabelText(frTraceViewer.choose), new File(['{"payload": "[{\\"type\\": '], 'broken.json'));
    expect(await screen.findByText(/^Ce fichier n’est pas lisible : Not a Redux trace: the file is not valid JSON/)).toBeInTheDocument();
  });
});
