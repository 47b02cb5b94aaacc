import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { baseApi } from '../src/shared/api';
import { initialTableQuery } from '../src/shared/ui/tableQuery';
import { createTraceRecorder } from '../src/shared/trace/recorder';
import { createReplayReducer } from '../src/app/trace/replayReducer';
import { listsApi, type List } from '../src/features/lists';
import { authApi, loggedIn } from '../src/features/auth';
import { locationChanged } from '../src/app/location';
import { compare, loop, type BenchOptions } from './measure';

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
  // Stepping through a trace in the viewer: bench/traceViewer.bench.ts (Chromium).
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
