import jsan from 'jsan';

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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The DevTools' own parser: JSON, plus what their serializer (`jsan`, options on) writes in
 * `{"$jsan": ...}` objects: references to an earlier part (`$.committedState.api`), dates,
 * `undefined`, maps, sets, NaN and infinities.
 */
function parseJson(text: string, what: string): unknown {
  try {
    return jsan.parse(text);
  } catch (error) {
    throw new TraceFormatError(`${what} is not valid JSON (${(error as Error).message})`);
  }
}

/** The DevTools write payload and preloadedState as (jsan) JSON text; parsed values are accepted too. */
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
  // The state the first staged entry (the DevTools' @@INIT) gave: the committed state, or the
  // reducer's initial one when the DevTools started with none.
  const first: unknown = states[0];
  const start = isObject(first) && 'state' in first && first.state !== undefined ? first.state : lifted.committedState;
  return { preloadedState: start ?? preloadedState ?? undefined, steps };
}

/**
 * Reads a trace file: our exports and the extension's, whether its payload lists the actions
 * or holds the lifted state, and a bare lifted state or action list. Throws TraceFormatError.
 */
export function parseTrace(text: string): Trace {
  return readTraceFile(parseJson(text, 'the file'));
}

function metaOf(file: unknown): TraceMeta | undefined {
  if (!isObject(file)) return undefined;
  const meta: TraceMeta = {};
  if (typeof file.version === 'string') meta.version = file.version;
  if (typeof file.commit === 'string') meta.commit = file.commit;
  if (isObject(file.fingerprint)) {
    meta.fingerprint = Object.fromEntries(Object.entries(file.fingerprint).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
  return Object.keys(meta).length > 0 ? meta : undefined;
}

/** A bug report holds its trace under `trace` (the export object, or its text). */
export const isBugReportFile = (file: unknown): file is Record<string, unknown> & { trace: unknown } =>
  isObject(file) && 'trace' in file && !('payload' in file) && !('actionsById' in file);

/** Reads a parsed file: a trace in any of the DevTools' shapes, or a bug report's trace. */
export function readTraceFile(parsed: unknown): Trace {
  const file = isBugReportFile(parsed) ? embedded(parsed.trace, '"trace"') : parsed;
  const trace = readTraceShapes(file);
  const meta = metaOf(file) ?? (isBugReportFile(parsed) ? metaOf(parsed) : undefined);
  return meta ? { ...trace, meta } : trace;
}

/** Reads a file's text with the DevTools' parser (jsan): TraceFormatError when it is not JSON. */
export const parseTraceText = (text: string): unknown => parseJson(text, 'the file');

function readTraceShapes(file: unknown): Trace {
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
