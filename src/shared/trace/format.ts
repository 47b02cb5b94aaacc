/**
 * Traces in the Redux DevTools export format: `{"payload": "...", "preloadedState": "..."}`,
 * both JSON text, as the extension's export writes them. The payload is either the list of
 * actions or the DevTools "lifted state" (every action with the state computed after it),
 * which is what we write, so a replay can tell where it first departs from the recording.
 */
export interface TraceAction {
  type: string;
  [key: string]: unknown;
}

export interface TraceStep {
  action: TraceAction;
  timestamp?: number;
  /** The state the app computed after this action, when the file holds it. */
  state?: unknown;
  /** The reducer threw on this action in the recording. */
  error?: string;
  /** Toggled off in the DevTools: not applied. */
  skipped?: boolean;
}

/** Which build recorded a trace: beside payload and preloadedState in the file (the DevTools ignore them). */
export interface TraceMeta {
  /** package.json's version of the build. */
  version?: string;
  /** The build's git commit (short), or "unknown". */
  commit?: string;
  /** Each slice's shape fingerprint (see fingerprint.ts). */
  fingerprint?: Record<string, string>;
}

export interface Trace {
  /** The state before the first step; absent, the reducer's initial state. */
  preloadedState?: unknown;
  steps: TraceStep[];
  /** Absent in files the DevTools wrote, and in traces recorded before builds carried it. */
  meta?: TraceMeta;
}

export class TraceFormatError extends Error {
  constructor(message: string) {
    super(`Not a Redux trace: ${message}`);
    this.name = 'TraceFormatError';
  }
}

/** The DevTools' own first entry, which the recorded actions follow. */
const INIT_ACTION = { type: '@@INIT' };

interface LiftedAction {
  type: 'PERFORM_ACTION';
  action: TraceAction;
  timestamp: number;
}

/** The DevTools' lifted state, as `@redux-devtools/instrument` keeps and imports it. */
interface LiftedState {
  actionsById: Record<number, LiftedAction>;
  nextActionId: number;
  stagedActionIds: number[];
  skippedActionIds: number[];
  committedState: unknown;
  currentStateIndex: number;
  computedStates: { state: unknown; error?: string }[];
  isLocked: boolean;
  isPaused: boolean;
}

/** The export file as an object: `payload` and `preloadedState` as JSON text, then the build's metadata. */
export function exportTraceObject(trace: Trace): Record<string, unknown> {
  const withStates = trace.steps.every((step) => step.state !== undefined);
  const payload = withStates ? toLiftedState(trace) : trace.steps.map((step) => step.action);
  return { payload: JSON.stringify(payload), preloadedState: JSON.stringify(trace.preloadedState), ...trace.meta };
}

/** The export file's text; the lifted state when every step has its state, else the actions. */
export function exportTrace(trace: Trace): string {
  return JSON.stringify(exportTraceObject(trace), null, '\t');
}

function toLiftedState({ preloadedState, steps }: Trace): LiftedState {
  const start = steps[0]?.timestamp ?? 0;
  const actionsById: Record<number, LiftedAction> = {
    0: { type: 'PERFORM_ACTION', action: INIT_ACTION, timestamp: start },
  };
  steps.forEach((step, index) => {
    actionsById[index + 1] = { type: 'PERFORM_ACTION', action: step.action, timestamp: step.timestamp ?? start };
  });
  return {
    actionsById,
    nextActionId: steps.length + 1,
    stagedActionIds: [0, ...steps.map((_, index) => index + 1)],
    skippedActionIds: [],
    committedState: preloadedState,
    currentStateIndex: steps.length,
    computedStates: [
      { state: preloadedState },
      ...steps.map((step) => (step.error ? { state: step.state, error: step.error } : { state: step.state })),
    ],
    isLocked: false,
    isPaused: false,
  };
}
