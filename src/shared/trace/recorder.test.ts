import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createTraceRecorder } from './recorder';
import { REDACTED } from './redact';

const session = createSlice({
  name: 'session',
  initialState: { token: null as string | null, count: 0 },
  reducers: {
    tokenReceived: (state, action: PayloadAction<string>) => {
      state.token = action.payload;
    },
    counted: (state) => {
      state.count += 1;
    },
  },
});
const { tokenReceived, counted } = session.actions;

function storeWith(recorder: ReturnType<typeof createTraceRecorder>) {
  return configureStore({
    reducer: session.reducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ serializableCheck: false }).concat(recorder.middleware),
  });
}

describe('the trace recorder', () => {
  it('keeps the starting state and each action with the state after it, redacted', () => {
    const recorder = createTraceRecorder({ recording: true, now: () => 5 });
    const store = storeWith(recorder);
    store.dispatch(tokenReceived('secret-token'));
    store.dispatch(counted());
    expect(recorder.trace()).toEqual({
      preloadedState: { token: null, count: 0 },
      steps: [
        { action: { type: 'session/tokenReceived', payload: REDACTED }, timestamp: 5, state: { token: REDACTED, count: 0 } },
        { action: { type: 'session/counted' }, timestamp: 5, state: { token: REDACTED, count: 1 } },
      ],
    });
    expect(recorder.exportText()).not.toContain('secret-token');
  });

  it('keeps the last N actions, folding older ones into its starting state', () => {
    const recorder = createTraceRecorder({ recording: true, limit: 2 });
    const store = storeWith(recorder);
    for (let i = 0; i < 5; i += 1) store.dispatch(counted());
    const trace = recorder.trace();
    expect(trace.preloadedState).toEqual({ token: null, count: 3 });
    expect(trace.steps.map((step) => step.state)).toEqual([
      { token: null, count: 4 },
      { token: null, count: 5 },
    ]);
  });

  it('records nothing until started on demand, then starts from the state at that moment', () => {
    const recorder = createTraceRecorder();
    const store = storeWith(recorder);
    const started = jest.fn();
    recorder.subscribe(started);
    store.dispatch(counted());
    expect(recorder.isRecording()).toBe(false);
    expect(recorder.trace()).toEqual({ preloadedState: { token: null, count: 1 }, steps: [] });
    recorder.start();
    store.dispatch(counted());
    expect(started).toHaveBeenCalledTimes(1);
    expect(recorder.trace()).toEqual({
      preloadedState: { token: null, count: 1 },
      steps: [expect.objectContaining({ action: { type: 'session/counted' }, state: { token: null, count: 2 } })],
    });
  });

  it('restarts after an action carrying callbacks, which a file cannot replay', () => {
    const recorder = createTraceRecorder({ recording: true });
    const store = storeWith(recorder);
    store.dispatch(counted());
    store.dispatch({ type: 'persist/PERSIST', register: () => undefined, rehydrate: () => undefined });
    store.dispatch(counted());
    expect(recorder.trace()).toEqual({
      preloadedState: { token: null, count: 1 },
      steps: [expect.objectContaining({ action: { type: 'session/counted' }, state: { token: null, count: 2 } })],
    });
  });

  it('records an action dispatched by a listener after the one that woke it, each with its own state', () => {
    const recorder = createTraceRecorder({ recording: true });
    const store = storeWith(recorder);
    const unsubscribe = store.subscribe(() => {
      if (store.getState().token && store.getState().count === 0) store.dispatch(counted());
    });
    store.dispatch(tokenReceived('t'));
    unsubscribe();
    expect(recorder.trace().steps.map(({ action, state }) => [action.type, state])).toEqual([
      ['session/tokenReceived', { token: REDACTED, count: 0 }],
      ['session/counted', { token: REDACTED, count: 1 }],
    ]);
  });
});
