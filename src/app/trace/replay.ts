import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { redact, type Trace } from '../../shared/trace';
import { createReplayReducer, replayable } from './replayReducer';

export interface StateDifference {
  path: string;
  recorded: unknown;
  replayed: unknown;
}

export interface Divergence {
  /** 1-based position of the action in the trace. */
  index: number;
  type: string;
  /** Where the states differ (the first few), or why the replay could not go on. */
  differences: StateDifference[];
  error?: string;
}

export interface ReplayReport {
  actions: { index: number; type: string }[];
  /** Redacted. */
  finalState: unknown;
  /** The state after each action, redacted. */
  states: unknown[];
  /** How many recorded states the replay was checked against. */
  compared: number;
  firstDivergence?: Divergence;
  /** Slices the app has and the recording did not (recorded before they existed): not compared. */
  unknownSlices: string[];
  matches: boolean;
}

const MAX_DIFFERENCES = 5;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** As JSON would write it: undefined and missing are alike, non-finite numbers are null. */
function asJson(value: unknown, inArray: boolean): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return inArray ? null : undefined;
  return value;
}

function collectDifferences(recorded: unknown, replayed: unknown, path: string, out: StateDifference[], inArray = false) {
  if (out.length >= MAX_DIFFERENCES) return;
  const a = asJson(recorded, inArray);
  const b = asJson(replayed, inArray);
  if (Object.is(a, b) || (a === 0 && b === 0)) return;
  if (isObject(a) && isObject(b) && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) out.push({ path: `${path}.length`, recorded: a.length, replayed: b.length });
      else a.forEach((item, index) => collectDifferences(item, b[index], `${path}[${index}]`, out, true));
      return;
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) collectDifferences(a[key], (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key, out);
    return;
  }
  out.push({ path: path || '(state)', recorded: a, replayed: b });
}

/** Compares the slices the recording knows; both sides redacted, so raw and redacted files compare alike. */
function compareStates(recorded: unknown, replayed: unknown): StateDifference[] {
  const out: StateDifference[] = [];
  const a = redact(recorded);
  const b = redact(replayed);
  if (isObject(a) && isObject(b) && !Array.isArray(a)) {
    for (const key of Object.keys(a)) collectDifferences(a[key], b[key], key, out);
  } else {
    collectDifferences(a, b, '', out);
  }
  return out;
}

/**
 * Replays a trace through the app's root reducer, in order, from its starting state, and
 * checks each state the file recorded against the replayed one.
 */
export function replayTrace(trace: Trace, reducer: Reducer = createReplayReducer()): ReplayReport {
  let state: unknown = trace.preloadedState ?? reducer(undefined, { type: '@@INIT' });
  const states: unknown[] = [];
  let compared = 0;
  let firstDivergence: Divergence | undefined;
  const diverge = (divergence: Divergence) => {
    firstDivergence ??= divergence;
  };

  trace.steps.forEach((step, position) => {
    const index = position + 1;
    const { type } = step.action;
    if (!step.skipped) {
      try {
        state = reducer(state, replayable(step.action as UnknownAction));
      } catch (error) {
        if (!step.error) diverge({ index, type, differences: [], error: `the reducer threw: ${(error as Error).message}` });
      }
    }
    states.push(redact(state));
    if (step.state !== undefined) {
      compared += 1;
      const differences = compareStates(step.state, state);
      if (differences.length > 0) diverge({ index, type, differences });
    }
  });

  const finalState = redact(state);
  const recordedKeys = new Set(
    [trace.preloadedState, ...trace.steps.map((step) => step.state)].flatMap((s) => (isObject(s) ? Object.keys(s) : [])),
  );
  return {
    actions: trace.steps.map((step, position) => ({ index: position + 1, type: step.action.type })),
    finalState,
    states,
    compared,
    firstDivergence,
    unknownSlices: isObject(finalState) && recordedKeys.size > 0 ? Object.keys(finalState).filter((key) => !recordedKeys.has(key)) : [],
    matches: firstDivergence === undefined,
  };
}

const shortJson = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** One paragraph a person reads: does the replay match, and if not, where it first departs. */
export function describeReplay(report: ReplayReport): string {
  const { firstDivergence: divergence, compared, actions } = report;
  const lines: string[] = [];
  if (divergence) {
    lines.push(`The replay differs first at action #${divergence.index} (${divergence.type}).`);
    if (divergence.error) lines.push(`  ${divergence.error}`);
    for (const { path, recorded, replayed } of divergence.differences) {
      lines.push(`  ${path}: recorded ${shortJson(recorded)}, replayed ${shortJson(replayed)}`);
    }
  } else if (compared === 0) {
    lines.push(`Replayed ${actions.length} actions; the file holds no recorded states to compare with.`);
  } else {
    lines.push(`The replay matches the recorded states (${compared} of ${actions.length} actions checked).`);
  }
  if (report.unknownSlices.length > 0) {
    lines.push(`Not compared (the recording predates them): ${report.unknownSlices.join(', ')}.`);
  }
  return lines.join('\n');
}
