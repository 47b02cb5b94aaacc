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

export interface Trace {
  /** The state before the first step; absent, the reducer's initial state. */
  preloadedState?: unknown;
  steps: TraceStep[];
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

/** The export file's text; the lifted state when every step has its state, else the actions. */
export function exportTrace(trace: Trace): string {
  const withStates = trace.steps.every((step) => step.state !== undefined);
  const payload = withStates ? toLiftedState(trace) : trace.steps.map((step) => step.action);
  return JSON.stringify(
    { payload: JSON.stringify(payload), preloadedState: JSON.stringify(trace.preloadedState) },
    null,
    '\t',
  );
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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TraceFormatError(`${what} is not valid JSON (${(error as Error).message})`);
  }
}

/** The DevTools write payload and preloadedState as JSON text; parsed values are accepted too. */
const embedded = (value: unknown, what: string) => (typeof value === 'string' ? parseJson(value, what) : value);

function checkedAction(value: unknown, where: string): TraceAction {
  if (!isObject(value) || typeof value.type !== 'string') {
    throw new TraceFormatError(`${where} is not an action (an object with a string "type")`);
  }
  return value as TraceAction;
}

function fromLiftedState(lifted: Record<string, unknown>, preloadedState: unknown): Trace {
  const { actionsById, stagedActionIds, computedStates, skippedActionIds } = lifted;
  if (!isObject(actionsById) || !Array.isArray(stagedActionIds)) {
    throw new TraceFormatError('the payload is neither a list of actions nor a DevTools state (actionsById, stagedActionIds)');
  }
  const states = Array.isArray(computedStates) ? computedStates : [];
  const skipped = new Set(Array.isArray(skippedActionIds) ? skippedActionIds : []);
  const steps = stagedActionIds.slice(1).map((id, index): TraceStep => {
    const lifted = actionsById[String(id)];
    const action = checkedAction(isObject(lifted) ? lifted.action : undefined, `action id ${String(id)}`);
    const computed: unknown = states[index + 1];
    const step: TraceStep = { action };
    if (isObject(lifted) && typeof lifted.timestamp === 'number') step.timestamp = lifted.timestamp;
    if (isObject(computed) && 'state' in computed) step.state = computed.state;
    if (isObject(computed) && typeof computed.error === 'string') step.error = computed.error;
    if (skipped.has(id)) step.skipped = true;
    return step;
  });
  return { preloadedState: lifted.committedState ?? preloadedState ?? undefined, steps };
}

/**
 * Reads a trace file: our exports and the extension's, whether its payload lists the actions
 * or holds the lifted state, and a bare lifted state or action list. Throws TraceFormatError.
 */
export function parseTrace(text: string): Trace {
  const file = parseJson(text, 'the file');
  let payload: unknown = file;
  let preloadedState: unknown;
  if (isObject(file) && 'payload' in file) {
    payload = embedded(file.payload, '"payload"');
    preloadedState = file.preloadedState === undefined ? undefined : embedded(file.preloadedState, '"preloadedState"');
  }
  if (preloadedState !== undefined && preloadedState !== null && !isObject(preloadedState)) {
    throw new TraceFormatError('"preloadedState" is not a state object');
  }
  if (Array.isArray(payload)) {
    return { preloadedState: preloadedState ?? undefined, steps: payload.map((action, index) => ({ action: checkedAction(action, `action #${index + 1}`) })) };
  }
  if (isObject(payload)) return fromLiftedState(payload, preloadedState ?? undefined);
  throw new TraceFormatError('expected an object with "payload" (a DevTools export), a list of actions or a DevTools state');
}
