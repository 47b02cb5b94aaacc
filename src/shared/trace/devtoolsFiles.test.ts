import fs from 'node:fs';
import path from 'node:path';
import { combineSlices, configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { instrument } from '@redux-devtools/instrument';
import { importState } from '@redux-devtools/utils';
import jsan from 'jsan';
import { exportTrace, type Trace } from './format';
import { parseTrace } from './parse';
import { createTraceRecorder } from './recorder';
import { assembleBugReport } from './bugReport';

/**
 * Files as the Redux DevTools write them: their serializer is `jsan`, and with its options on
 * (the extension's `serialize`), a part left unchanged between two states is written once and
 * referenced after (`{"$jsan": "$.computedStates.1.state.api"}`), dates, `undefined`, maps and
 * sets are tagged. The fixtures in ./fixtures were written by `jsan.stringify` from a real
 * DevTools instrumentation (regenerate: REGENERATE_FIXTURES=1).
 */
const counter = createSlice({
  name: 'counter',
  initialState: { value: 0, history: [] as number[] },
  reducers: {
    added: (state, action: PayloadAction<number>) => {
      state.value += action.payload;
      state.history.push(action.payload);
    },
  },
});
/** A slice no action touches: the DevTools' states share it, and jsan writes references to it. */
const api = createSlice({
  name: 'api',
  initialState: { queries: { 'getUser(3)': { status: 'fulfilled', data: { id: 3, username: 'op@example.org' } } }, config: { online: true } },
  reducers: {},
});
const reducer = combineSlices(counter, api);
const JSAN_OPTIONS = true; // every option on, references included: what the extension's `serialize` asks for

function devToolsLiftedState() {
  const store = configureStore({ reducer, enhancers: (getDefaultEnhancers) => getDefaultEnhancers().concat(instrument()) });
  [1, 2, 3].forEach((n) => store.dispatch(counter.actions.added(n)));
  return (store as unknown as { liftedStore: { getState(): Record<string, unknown> } }).liftedStore.getState();
}

const FIXTURES = path.join(__dirname, 'fixtures');
const fixtures = {
  /** The extension's export of its action list: `{payload: "<actions>", preloadedState: "<state>"}`. */
  plain: () =>
    JSON.stringify({
      payload: jsan.stringify(
        [
          { type: 'counter/added', payload: 1, meta: { at: new Date('2026-11-26T14:05:09.000Z'), origin: undefined } },
          { type: 'counter/added', payload: 2 },
        ],
        undefined,
        undefined,
        JSAN_OPTIONS,
      ),
      preloadedState: jsan.stringify(
        { counter: { value: 0, history: [] }, api: api.getInitialState(), seen: new Set([1]), byId: new Map([[1, 'a']]) },
        undefined,
        undefined,
        JSAN_OPTIONS,
      ),
    }),
  /** A bare lifted state (the DevTools' own state, as the remote monitor and `Import` take it). */
  lifted: () => jsan.stringify(devToolsLiftedState(), undefined, undefined, JSAN_OPTIONS),
  /** The extension's export of its lifted state: `{payload: "<lifted state>"}`. */
  payload: () => JSON.stringify({ payload: jsan.stringify(devToolsLiftedState(), undefined, undefined, JSAN_OPTIONS) }, null, '\t'),
};

function fixture(name: keyof typeof fixtures): string {
  const file = path.join(FIXTURES, `devtools-${name}.json`);
  if (process.env.REGENERATE_FIXTURES === '1' || !fs.existsSync(file)) fs.writeFileSync(file, `${fixtures[name]()}\n`);
  return fs.readFileSync(file, 'utf8');
}

const states = (trace: Trace) => trace.steps.map((step) => step.state);
const expectedStates = [1, 3, 6].map((value, i) => ({ counter: { value, history: [1, 2, 3].slice(0, i + 1) }, api: api.getInitialState() }));

describe('files the DevTools serializer writes (jsan, with references)', () => {
  it('reads a bare lifted state whose unchanged slices are references', () => {
    const text = fixture('lifted');
    expect(text).toContain('{"$jsan":"$.computedStates[0].state.api"}');
    const trace = parseTrace(text);
    expect(trace.preloadedState).toEqual({ counter: { value: 0, history: [] }, api: api.getInitialState() });
    expect(states(trace)).toEqual(expectedStates);
    expect(trace.steps.map((step) => step.action)).toEqual([1, 2, 3].map((n) => counter.actions.added(n)));
  });

  it('reads a lifted state in "payload"', () => {
    const text = fixture('payload');
    expect(JSON.parse(text).payload).toContain('"$jsan"');
    expect(states(parseTrace(text))).toEqual(expectedStates);
  });

  it('reads a plain action list with its dates, undefined, maps and sets', () => {
    const text = fixture('plain');
    expect(text).toMatch(/\$jsan\\":\\"d\d+/);
    const trace = parseTrace(text);
    expect(trace.steps[0].action.meta).toEqual({ at: new Date('2026-11-26T14:05:09.000Z'), origin: undefined });
    expect('origin' in (trace.steps[0].action.meta as object)).toBe(true);
    expect(trace.preloadedState).toMatchObject({ seen: new Set([1]), byId: new Map([[1, 'a']]) });
  });
});

describe("the recorder's export in the DevTools' own import code (@redux-devtools/utils importState)", () => {
  function recorded() {
    const recorder = createTraceRecorder({ recording: true, meta: () => ({ version: '1.2.3', commit: 'abc1234', fingerprint: { counter: '0000abcd' } }) });
    const store = configureStore({ reducer, middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(recorder.middleware) });
    [1, 2, 3].forEach((n) => store.dispatch(counter.actions.added(n)));
    return recorder;
  }

  it('imports a trace file: the lifted state and the preloaded state', () => {
    const recorder = recorded();
    const imported = importState(recorder.exportText(), {});
    expect(imported?.preloadedState).toEqual({ counter: { value: 0, history: [] }, api: api.getInitialState() });
    const lifted = imported?.nextLiftedState as unknown as { computedStates: { state: unknown }[]; stagedActionIds: number[] };
    expect(lifted.stagedActionIds).toEqual([0, 1, 2, 3]);
    expect(lifted.computedStates.slice(1).map((entry) => entry.state)).toEqual(expectedStates);
  });

  it("imports a bug report's trace as its own file", () => {
    const recorder = recorded();
    const report = assembleBugReport({
      trace: recorder.trace(),
      dropped: 0,
      console: [],
      requests: [],
      screenshot: null,
      build: { version: '1.2.3', commit: 'abc1234' },
      environment: { userAgent: 'test', viewport: { width: 1, height: 1 }, language: 'fr-FR', timeZone: 'Europe/Paris' },
      description: 'x',
    });
    const imported = importState(JSON.stringify(report.trace), {});
    expect((imported?.nextLiftedState as unknown as { computedStates: unknown[] }).computedStates).toHaveLength(4);
  });

  it('carries the build and the state fingerprint, which parsing gives back', () => {
    const text = recorded().exportText();
    expect(JSON.parse(text)).toMatchObject({ version: '1.2.3', commit: 'abc1234', fingerprint: { counter: '0000abcd' } });
    expect(parseTrace(text).meta).toEqual({ version: '1.2.3', commit: 'abc1234', fingerprint: { counter: '0000abcd' } });
    expect(parseTrace(exportTrace(parseTrace(text))).meta).toEqual(parseTrace(text).meta);
  });
});
