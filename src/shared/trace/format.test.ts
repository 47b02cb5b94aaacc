import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { instrument, ActionCreators } from '@redux-devtools/instrument';
import { exportTrace, TraceFormatError, type Trace } from './format';
import { parseTrace } from './parse';
import { createTraceRecorder } from './recorder';

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

/** A trace recorded by the real recorder on a small store. */
function recordedTrace(): Trace {
  const recorder = createTraceRecorder({ recording: true });
  const store = configureStore({
    reducer: counter.reducer,
    preloadedState: { value: 10, history: [] },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(recorder.middleware),
  });
  [1, 2, 3].forEach((n) => store.dispatch(counter.actions.added(n)));
  return recorder.trace();
}

describe('the DevTools export format', () => {
  it('writes payload and preloadedState as JSON text, and reads its own export back', () => {
    const trace = recordedTrace();
    const text = exportTrace(trace);
    const file = JSON.parse(text);
    expect(Object.keys(file)).toEqual(['payload', 'preloadedState']);
    expect(typeof file.payload).toBe('string');
    expect(JSON.parse(file.preloadedState)).toEqual({ value: 10, history: [] });
    expect(parseTrace(text)).toEqual(trace);
    expect(trace.steps.map((step) => step.state)).toEqual([
      { value: 11, history: [1] },
      { value: 13, history: [1, 2] },
      { value: 16, history: [1, 2, 3] },
    ]);
  });

  it('imports into the DevTools instrumentation, which recomputes the same states', () => {
    const trace = recordedTrace();
    const { payload, preloadedState } = JSON.parse(exportTrace(trace));
    const devTools = configureStore({
      reducer: counter.reducer,
      enhancers: (getDefaultEnhancers) => getDefaultEnhancers().concat(instrument()),
    });
    // As the extension's import does: the parsed payload as the next lifted state.
    const liftedStore = (devTools as unknown as { liftedStore: { dispatch(a: unknown): void; getState(): { computedStates: { state: unknown }[] } } })
      .liftedStore;
    liftedStore.dispatch({ ...ActionCreators.importState(JSON.parse(payload)), preloadedState: JSON.parse(preloadedState) });
    expect(liftedStore.getState().computedStates.map((entry) => entry.state)).toEqual([
      trace.preloadedState,
      ...trace.steps.map((step) => step.state),
    ]);
    expect(devTools.getState()).toEqual({ value: 16, history: [1, 2, 3] });
  });

  it("reads the extension's export of a plain action list", () => {
    const text = JSON.stringify({
      payload: JSON.stringify([{ type: 'counter/added', payload: 1 }, { type: 'counter/added', payload: 2 }]),
      preloadedState: JSON.stringify({ value: 0, history: [] }),
    });
    expect(parseTrace(text)).toEqual({
      preloadedState: { value: 0, history: [] },
      steps: [{ action: { type: 'counter/added', payload: 1 } }, { action: { type: 'counter/added', payload: 2 } }],
    });
  });

  it('reads a bare lifted state, with its skipped actions and recorded errors', () => {
    const lifted = {
      actionsById: {
        0: { type: 'PERFORM_ACTION', action: { type: '@@INIT' }, timestamp: 1 },
        1: { type: 'PERFORM_ACTION', action: { type: 'counter/added', payload: 1 }, timestamp: 2 },
        2: { type: 'PERFORM_ACTION', action: { type: 'counter/added', payload: 5 }, timestamp: 3 },
      },
      stagedActionIds: [0, 1, 2],
      skippedActionIds: [2],
      committedState: { value: 0, history: [] },
      computedStates: [{ state: { value: 0, history: [] } }, { state: { value: 1, history: [1] } }, { state: { value: 1, history: [1] }, error: 'boom' }],
    };
    expect(parseTrace(JSON.stringify(lifted))).toEqual({
      preloadedState: { value: 0, history: [] },
      steps: [
        { action: { type: 'counter/added', payload: 1 }, timestamp: 2, state: { value: 1, history: [1] } },
        { action: { type: 'counter/added', payload: 5 }, timestamp: 3, state: { value: 1, history: [1] }, error: 'boom', skipped: true },
      ],
    });
  });

  it.each([
    ['{"payload": "[{\\"type\\": \\"a\\"}]"', /^Not a Redux trace: the file is not valid JSON/],
    ['{"payload": "[{\\"type\\": "}', /^Not a Redux trace: "payload" is not valid JSON/],
    ['{"payload": "[]", "preloadedState": "{oops"}', /^Not a Redux trace: "preloadedState" is not valid JSON/],
    ['{"payload": "[]", "preloadedState": "42"}', /^Not a Redux trace: "preloadedState" is not a state object/],
    ['{"payload": "[{\\"kind\\": \\"a\\"}]"}', /^Not a Redux trace: action #1 is not an action/],
    ['{"payload": "{\\"stagedActionIds\\": [0]}"}', /^Not a Redux trace: the payload is neither a list of actions nor a DevTools state/],
    ['"just text"', /^Not a Redux trace: expected an object with "payload"/],
    ['', /^Not a Redux trace: the file is not valid JSON/],
  ])('refuses a corrupt file with a clear error: %s', (text, message) => {
    expect(() => parseTrace(text)).toThrow(TraceFormatError);
    expect(() => parseTrace(text)).toThrow(message);
  });
});
