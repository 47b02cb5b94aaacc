import jsan from 'jsan';
import { TraceFormatError, type Trace, type TraceAction, type TraceMeta, type TraceStep } from './format';

// Reading trace files (tools, tests and the viewer): apart from the export, so that jsan stays
// out of the pages' first JavaScript.

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
