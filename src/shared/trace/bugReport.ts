import type { ConsoleEntry, RequestEntry } from './diagnostics';
import { exportTraceObject, type Trace } from './format';
import { redact } from './redact';

/** A bug report file: these keys, in this order (docs/qa-traces.md). */
export interface BugReport {
  /** The trace, as the DevTools export object (`payload`, `preloadedState`, `version`, `commit`, `fingerprint`). */
  trace: Record<string, unknown>;
  /** `data:image/png;base64,...` of the page when the report was asked for; null when the capture failed. */
  screenshot: string | null;
  console: ConsoleEntry[];
  requests: RequestEntry[];
  version: string;
  commit: string;
  userAgent: string;
  viewport: { width: number; height: number };
  language: string;
  timeZone: string;
  description: string;
}

export interface Environment {
  userAgent: string;
  viewport: { width: number; height: number };
  language: string;
  timeZone: string;
}

export interface BugReportParts {
  trace: Trace;
  /** The recorder's `dropped()`: positions before the trace's first step. */
  dropped: number;
  console: ConsoleEntry[];
  requests: RequestEntry[];
  screenshot: string | null;
  build: { version: string; commit: string };
  environment: Environment;
  description: string;
}

/** What a report holds of the moment it was asked for; the picture and the description come after. */
export type ReportMoment = Pick<BugReportParts, 'trace' | 'dropped' | 'console' | 'requests'>;

/** The browser's side of a report. */
export function environmentOf(win: Window = window): Environment {
  return {
    userAgent: win.navigator.userAgent,
    viewport: { width: win.innerWidth, height: win.innerHeight },
    language: win.navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/**
 * Puts a report together: the trace in the DevTools' format, each console entry and request
 * with the index of the trace's action it followed (0: before the first), and the same
 * sanitizer as the trace's over all of it, description and messages included.
 */
export function assembleBugReport(parts: BugReportParts): BugReport {
  const index = (position: number) => Math.max(0, position - parts.dropped);
  const report: BugReport = {
    trace: exportTraceObject(parts.trace),
    screenshot: null,
    console: parts.console.map((entry) => ({ ...entry, actionIndex: index(entry.actionIndex) })),
    requests: parts.requests.map((entry) => ({ ...entry, actionIndex: index(entry.actionIndex) })),
    version: parts.build.version,
    commit: parts.build.commit,
    userAgent: parts.environment.userAgent,
    viewport: { width: parts.environment.viewport.width, height: parts.environment.viewport.height },
    language: parts.environment.language,
    timeZone: parts.environment.timeZone,
    description: parts.description.trim(),
  };
  // The image is pixels, not text: it is checked for its kind and kept as it is.
  const screenshot = parts.screenshot?.startsWith('data:image/png;base64,') ? parts.screenshot : null;
  return { ...redact(report), screenshot };
}
