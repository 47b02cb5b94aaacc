import { performance } from 'node:perf_hooks';
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { baseApi } from '../src/shared/api';
import { initialTableQuery } from '../src/shared/ui/tableQuery';
import { createTraceRecorder } from '../src/shared/trace/recorder';
import { createReplayReducer } from '../src/app/trace/replayReducer';
import { listsApi, type List } from '../src/features/lists';
import { authApi, loggedIn } from '../src/features/auth';
import { locationChanged } from '../src/app/location';
import { compare, loop, median, percentile, type BenchOptions } from './measure';

interface Contact {
  id: number;
  email: string;
  token: string;
  visits: number;
}

/** A slice the size of a busy back-office cache: 2,000 records, each with a secret. */
const contacts = createSlice({
  name: 'contacts',
  initialState: {
    items: Array.from({ length: 2000 }, (_, id): Contact => ({ id, email: `c${id}@example.org`, token: `t-${id}`, visits: 0 })),
  },
  reducers: {
    visited: (state, action: PayloadAction<number>) => {
      state.items[action.payload].visits += 1;
    },
  },
});

function store(recording: boolean) {
  const recorder = createTraceRecorder({ recording });
  return configureStore({
    reducer: contacts.reducer,
    // Production's middleware: no dev-time checks.
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ immutableCheck: false, serializableCheck: false }).concat(recorder.middleware),
  });
}

/**
 * A dispatch while the trace recorder records (each action and the state after it, redacted)
 * against the same dispatch with the recorder off, as production runs by default.
 */
export default async function traceRecorderBench(options: BenchOptions): Promise<void> {
  const operations = options.quick ? 2000 : 20000;
  const recording = store(true);
  const off = store(false);
  await compare(
    'Redux dispatch with the trace recorder (2,000 records in state)',
    'dispatches/s',
    { label: 'dispatch, recorder recording (redacts state)', run: loop(operations, async (i) => recording.dispatch(contacts.actions.visited(i % 2000))) },
    { label: 'dispatch, recorder off', run: loop(operations, async (i) => off.dispatch(contacts.actions.visited(i % 2000))) },
    options.rounds,
  );
  await listPageBench(options);
  await viewerSteppingBench(options);
}

const USER = { id: 3, ip: '127.0.0.1', roles: ['ROLE_USER'], username: 'operateur@tgm.local', token: 'jwt-of-the-session' };
const LISTS_ARGS = { user: USER.id, query: initialTableQuery() };

const listRows = (count: number): List[] =>
  Array.from({ length: count }, (_, id) => ({ id: id + 1, subject: `Liste ${id + 1}`, lastModified: '2026-11-26T10:00:00+00:00', actif: 1, user: USER.id, sequence: [] }));

/** The app's store (its reducer and RTK Query), as makeStore builds it, holding a lists page of `rows` rows. */
function appStore(recording: boolean, rows: number) {
  const recorder = createTraceRecorder({ recording });
  const app = configureStore({
    reducer: createReplayReducer(),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ immutableCheck: false, serializableCheck: false }).concat(baseApi.middleware, recorder.middleware),
  });
  app.dispatch(loggedIn(USER));
  app.dispatch(authApi.util.upsertQueryData('getUser', USER.id, { id: USER.id, email: USER.username, roles: USER.roles }));
  app.dispatch(listsApi.util.upsertQueryData('getListsPage', LISTS_ARGS, { rows: listRows(rows), total: rows }));
  app.dispatch(locationChanged({ pathname: '/influenceur', search: '', hash: '' }));
  return Object.assign(app, { recorder });
}

/** A list renamed in the cached page, as the lists' mutations patch it. */
const renameRow = (i: number, rows: number) =>
  listsApi.util.updateQueryData('getListsPage', LISTS_ARGS, (page) => {
    page.rows[i % rows].subject = `Liste renommée ${i}`;
  });

/**
 * The recorder on the app's own store with a 1,000-row list page in its cache: each dispatch
 * patches one row (an RTK Query patch), recorded (the redacted state after it) or not.
 */
async function listPageBench(options: BenchOptions) {
  const rows = 1000;
  const operations = options.quick ? 500 : 5000;
  const recording = appStore(true, rows);
  const off = appStore(false, rows);
  await compare(
    'Redux dispatch on a 1,000-row list page (the app store, an RTK Query row patch each)',
    'dispatches/s',
    { label: 'row patch, recorder recording', run: loop(operations, async (i) => void recording.dispatch(renameRow(i, rows))) },
    { label: 'row patch, recorder off', run: loop(operations, async (i) => void off.dispatch(renameRow(i, rows))) },
    options.rounds,
  );
}

/**
 * The trace viewer (jsdom, the real components) on a 300-action trace recorded from the app
 * store above: the time from an arrow key to the next step's screen, action and state
 * difference rendered (React's act: rendering and effects done), every step forward then back.
 */
async function viewerSteppingBench(options: BenchOptions) {
  const { installDom } = await import('./support/dom');
  installDom('http://localhost/qa/traces');
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { LoadedTrace } = await import('../src/app/traceViewer/TraceViewer');
  const { openViewerFile } = await import('../src/app/traceViewer/viewerModel');
  const { appTraceMeta } = await import('../src/app/trace/appMeta');

  const recorded = appStore(true, 1000);
  for (let i = 0; recorded.recorder.trace().steps.length < 300; i += 1) {
    if (i % 30 === 29) recorded.dispatch(locationChanged({ pathname: i % 60 === 59 ? '/influenceur' : '/dashboard', search: '', hash: '' }));
    else recorded.dispatch(renameRow(i, 1000));
  }
  const current = appTraceMeta({ version: '0.1.0', commit: 'bench' });
  // The screens say what the trace lacks (the public pages' videos) in the console: not measured.
  const quiet = { error: console.error, warn: console.warn };
  console.error = () => undefined;
  console.warn = () => undefined;
  const viewer = openViewerFile(recorded.recorder.exportText(), current);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  await React.act(async () => {
    root.render(React.createElement(LoadedTrace, { name: 'bench.json', viewer, current }));
  });
  const press = async (key: string) => {
    const start = performance.now();
    await React.act(async () => {
      window.dispatchEvent(new window.KeyboardEvent('keydown', { key }));
    });
    return performance.now() - start;
  };
  // The screens' code loads on first use (lazy pages): a few steps first, as a tester's first look does.
  const last = viewer.steps.length - 1;
  for (let i = 0; i < 5; i += 1) await press('ArrowLeft');
  for (let i = 0; i < 5; i += 1) await press('ArrowRight');
  // Quick: the last 30 steps, forward and back (jsdom on a loaded machine takes minutes for all 300).
  const span = options.quick ? 30 : last;
  const times: number[] = [];
  for (let i = 0; i < span; i += 1) times.push(await press('ArrowLeft'));
  for (let i = 0; i < span; i += 1) times.push(await press('ArrowRight'));
  root.unmount();
  Object.assign(console, quiet);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`\nTrace viewer, one step (${last}-action trace, 1,000-row list page in state; jsdom, ${times.length} steps)`);
  console.log(`  median ${fmt(median(times))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(Math.max(...times))}   target < 100 ms`);
}
