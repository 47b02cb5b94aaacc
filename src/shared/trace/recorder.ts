import type { Middleware } from '@reduxjs/toolkit';
import { exportTrace, type Trace, type TraceAction, type TraceMeta, type TraceStep } from './format';
import { redact, redactAction } from './redact';
import { createDiagnostics, type Diagnostics } from './diagnostics';

/** How many of the latest actions a trace keeps; older ones fold into its starting state. */
export const TRACE_ACTION_LIMIT = 300;

export interface TraceRecorder {
  /** Goes last in the chain, so it sees exactly the actions that reach the reducer. */
  readonly middleware: Middleware;
  start(): void;
  isRecording(): boolean;
  /** Called when recording starts. */
  subscribe(listener: () => void): () => void;
  /** The recorded trace, redacted: the state before the first kept action, then each action with the state after it. */
  trace(): Trace;
  /** The trace as a DevTools export file. */
  exportText(): string;
  /** How many actions were recorded so far: the position an event happening now follows. */
  position(): number;
  /** The position of the trace's first kept step, less one: the actions folded or dropped before it. */
  dropped(): number;
  /** Console errors and failed or slow requests, for bug reports (installed by installTraceControls). */
  readonly diagnostics: Diagnostics;
}

/** A store that carries its recorder (see makeStore). */
export interface TracedStore {
  traceRecorder: TraceRecorder;
}

interface Options {
  /** Record from the first action (development and QA builds). */
  recording?: boolean;
  limit?: number;
  now?: () => number;
  /** The build's version, commit and state fingerprint, written into every export. */
  meta?: () => TraceMeta;
}

/**
 * An action with callbacks (redux-persist's PERSIST carries `register` and `rehydrate`)
 * cannot be replayed from a file, so the trace restarts at the state after it.
 */
const carriesCallbacks = (action: object) => Object.values(action).some((value) => typeof value === 'function');

/** Records the actions that reach the reducer, redacted, with the redacted state after each. */
export function createTraceRecorder({ recording = false, limit = TRACE_ACTION_LIMIT, now = Date.now, meta }: Options = {}): TraceRecorder {
  let active = recording;
  let recorded = 0;
  let dropped = 0;
  let getState: (() => unknown) | undefined;
  let startState: unknown;
  let steps: (TraceStep & { restart?: boolean })[] = [];
  const listeners = new Set<() => void>();

  /** Gives a step its state; a restart or an overflow moves the trace's start forward. */
  function settle(step: TraceStep & { restart?: boolean }, state: unknown) {
    step.state = state;
    if (step.restart) {
      startState = state;
      const kept = steps.indexOf(step) + 1;
      dropped += kept;
      steps = steps.slice(kept);
    }
    while (steps.length > limit && steps[0].state !== undefined) {
      startState = steps.shift()?.state;
      dropped += 1;
    }
  }

  const middleware: Middleware = (api) => {
    getState = api.getState;
    return (next) => (action) => {
      if (!active) return next(action);
      const current = () => redact(api.getState());
      if (startState === undefined && steps.length === 0) startState = current();
      // A listener may dispatch before our `next` returns: the state now is the one after the pending action.
      const pending = steps[steps.length - 1];
      if (pending && pending.state === undefined) settle(pending, current());
      const step: TraceStep & { restart?: boolean } = {
        action: redactAction(action) as TraceAction,
        timestamp: now(),
        restart: typeof action === 'object' && action !== null && carriesCallbacks(action),
      };
      steps.push(step);
      recorded += 1;
      const result = next(action);
      if (step.state === undefined) settle(step, current());
      return result;
    };
  };

  function trace(): Trace {
    const preloadedState = startState ?? (getState ? redact(getState()) : undefined);
    const kept = {
      preloadedState,
      steps: steps
        .filter((step) => step.state !== undefined)
        .map(({ action, timestamp, state }) => ({ action, timestamp, state })),
    };
    return meta ? { ...kept, meta: meta() } : kept;
  }

  return {
    middleware,
    diagnostics: createDiagnostics(() => recorded, now),
    start() {
      if (active) return;
      active = true;
      listeners.forEach((listener) => listener());
    },
    isRecording: () => active,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    trace,
    exportText: () => exportTrace(trace()),
    position: () => recorded,
    dropped: () => dropped,
  };
}
