import { copyWithStructuralSharing } from '@reduxjs/toolkit/query';
import {
  checkVersion,
  isBugReportFile,
  parseTraceText,
  readTraceFile,
  redact,
  type ConsoleEntry,
  type RequestEntry,
  type TraceAction,
  type TraceMeta,
  type VersionCheck,
} from '../../shared/trace';
import { locationPath, locationChanged, type RecordedLocation } from '../location';
import { replayTrace } from '../trace/replay';
import { createReplayReducer } from '../trace/replayReducer';

/** One position on the viewer's timeline: the starting state (index 0), then each action with the state after it. */
export interface ViewerStep {
  index: number;
  /** The action's type; the start's label is the caller's. */
  type: string | null;
  action: TraceAction | null;
  /** Milliseconds since the previous action, when both carry a time. */
  sinceMs: number | null;
  state: unknown;
  /** The address the app showed in this state. */
  route: string;
  console: ConsoleEntry[];
  requests: RequestEntry[];
}

/** What a bug report adds to its trace. */
export interface ViewerReport {
  description: string;
  version: string;
  commit: string;
  screenshot: string | null;
  userAgent: string;
  viewport: { width: number; height: number } | null;
  language: string;
  timeZone: string;
}

export interface ViewerFile {
  steps: ViewerStep[];
  report: ViewerReport | null;
  version: VersionCheck;
  meta: TraceMeta | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function routeOf(state: unknown): RecordedLocation | null {
  const router = isObject(state) ? state.router : undefined;
  const location = isObject(router) ? router.location : undefined;
  return isObject(location) && typeof location.pathname === 'string'
    ? { pathname: location.pathname, search: text(location.search), hash: text(location.hash) }
    : null;
}

function entries<T extends { actionIndex: number }>(value: unknown, valid: (item: Record<string, unknown>) => boolean): T[] {
  return Array.isArray(value) ? (value.filter((item) => isObject(item) && typeof item.actionIndex === 'number' && valid(item)) as T[]) : [];
}

function reportOf(file: Record<string, unknown>): ViewerReport {
  const viewport = isObject(file.viewport) ? file.viewport : null;
  return {
    description: text(file.description),
    version: text(file.version) || 'unknown',
    commit: text(file.commit) || 'unknown',
    screenshot: typeof file.screenshot === 'string' && file.screenshot.startsWith('data:image/') ? file.screenshot : null,
    userAgent: text(file.userAgent),
    viewport: viewport ? { width: Number(viewport.width), height: Number(viewport.height) } : null,
    language: text(file.language),
    timeZone: text(file.timeZone),
  };
}

/**
 * Reads a trace (any of the DevTools' shapes) or a bug report, with the DevTools' parser, into
 * the viewer's steps: each with its state (recorded, or replayed when the file holds actions
 * only), its route, and the report's console entries and requests that followed it.
 * Throws TraceFormatError on a file that is neither.
 */
export function openViewerFile(fileText: string, current: TraceMeta): ViewerFile {
  const parsed = parseTraceText(fileText);
  const trace = readTraceFile(parsed);
  const bugReport = isBugReportFile(parsed) ? parsed : null;
  const consoleEntries = entries<ConsoleEntry>(bugReport?.console, (item) => typeof item.message === 'string');
  const requestEntries = entries<RequestEntry>(bugReport?.requests, (item) => typeof item.path === 'string');

  const replayed = trace.steps.some((step) => step.state === undefined) ? replayTrace(trace).states : undefined;
  const start = trace.preloadedState ?? createReplayReducer()(undefined, { type: '@@INIT' });
  let route = routeOf(start);
  let previousTime: number | undefined;
  const steps: ViewerStep[] = [
    { index: 0, type: null, action: null, sinceMs: null, state: start, route: locationPath(route), console: [], requests: [] },
  ];
  trace.steps.forEach((step, position) => {
    const index = position + 1;
    const state = step.state ?? replayed?.[position];
    if (locationChanged.match(step.action)) route = step.action.payload;
    route = routeOf(state) ?? route;
    const sinceMs = step.timestamp !== undefined && previousTime !== undefined ? step.timestamp - previousTime : null;
    previousTime = step.timestamp ?? previousTime;
    steps.push({ index, type: step.action.type, action: step.action, sinceMs, state, route: locationPath(route), console: [], requests: [] });
  });
  // A file's states share nothing (each is its own JSON text): each step's state keeps the
  // previous step's objects wherever they are equal (RTK Query's structural sharing), so that
  // the difference skips unchanged parts without a walk, and the screen's selectors answer the
  // same objects, which re-render nothing, from one step to the next.
  for (let index = 1; index < steps.length; index += 1) steps[index].state = copyWithStructuralSharing(steps[index - 1].state, steps[index].state);
  const at = (actionIndex: number) => steps[Math.min(Math.max(0, Math.floor(actionIndex)), steps.length - 1)];
  consoleEntries.forEach((entry) => at(entry.actionIndex).console.push(entry));
  requestEntries.forEach((entry) => at(entry.actionIndex).requests.push(entry));

  return {
    steps,
    report: bugReport ? reportOf(bugReport) : null,
    version: checkVersion(trace.meta, current),
    meta: trace.meta,
  };
}

export interface StateChange {
  path: string;
  before: unknown;
  after: unknown;
}

/**
 * What changed from one state to the next, path by path (the first `limit`), and how many
 * changes there are in all (counted up to `countLimit`). Parts the two states share (the
 * DevTools' references, or an unchanged redacted copy) are skipped without a walk.
 */
export function diffStates(before: unknown, after: unknown, limit = 40, countLimit = 500): { changes: StateChange[]; total: number } {
  const changes: StateChange[] = [];
  let total = 0;
  const walk = (a: unknown, b: unknown, path: string) => {
    if (total >= countLimit || Object.is(a, b)) return;
    if (isObject(a) && isObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], path ? `${path}.${key}` : key);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const length = Math.max(a.length, b.length);
      for (let i = 0; i < length; i += 1) walk(a[i], b[i], `${path}[${i}]`);
      return;
    }
    total += 1;
    if (changes.length < limit) changes.push({ path: path || '(état)', before: redact(a), after: redact(b) });
  };
  walk(before, after, '');
  return { changes, total };
}
