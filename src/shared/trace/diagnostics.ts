import { redactUrl } from './redact';

/** A console error or warning, or an unhandled rejection or error, as a bug report keeps it. */
export interface ConsoleEntry {
  level: 'error' | 'warning' | 'unhandledrejection';
  message: string;
  /** ISO time. */
  time: string;
  /**
   * The first error's stack, as the browser wrote it (its frames point into the built bundles);
   * for a console.error or console.warn given no error, where it was called from (its first line
   * is `console.error` or `console.warn`). The console's viewer reads it in the sources.
   */
  stack?: string;
  /** The recorder's position: how many actions had been recorded (see TraceRecorder.position). */
  actionIndex: number;
}

/** A stack is cut past this: its first frames are the ones a reader needs. */
const STACK_MAX = 4000;

/** A request that failed (status 0 for no answer, or 400 and above) or took over a second; bodies left out. */
export interface RequestEntry {
  method: string;
  path: string;
  /** 0 when the request got no answer. */
  status: number;
  /** Milliseconds. */
  duration: number;
  /** The answer's `X-Request-Id`: the server's log lines of this request carry it as `reqId`. */
  requestId?: string;
  actionIndex: number;
}

export const SLOW_REQUEST_MS = 1000;
/** The answer's header naming the request, kept as `requestId`. */
const ID = 'x-request-id';
const idOf = (requestId: string | null | undefined) => (requestId ? { requestId } : {});
/** The latest entries a report keeps of each kind. */
const KEPT = 200;

export interface Diagnostics {
  console(): ConsoleEntry[];
  requests(): RequestEntry[];
  /** Patches the window's console, fetch and XMLHttpRequest, and listens for uncaught errors; answers the undo. */
  install(win?: Window): () => void;
  /** Kept for tests and for code that reports on its own; `callSite`: where a console call without an error came from. */
  addConsole(level: ConsoleEntry['level'], parts: unknown[], callSite?: string): void;
  addRequest(entry: Omit<RequestEntry, 'actionIndex'>): void;
}

function describePart(part: unknown): string {
  if (typeof part === 'string') return part;
  if (part instanceof Error) return `${part.name}: ${part.message}`;
  try {
    return JSON.stringify(part) ?? String(part);
  } catch {
    return String(part);
  }
}

/**
 * Where a console call came from: a stack whose first line is `header`, without the frames of
 * `above` (the patched console) and those it calls (V8's captureStackTrace; elsewhere, an
 * error's stack less its own first frames).
 */
function callSiteOf(header: string, above: (...parts: unknown[]) => void): string | undefined {
  const capture = (Error as { captureStackTrace?: (target: object, above?: (...parts: unknown[]) => void) => void }).captureStackTrace;
  if (capture) {
    const site: { name: string; message: string; stack?: string } = { name: header, message: '' };
    capture(site, above);
    return site.stack?.replace(/^[^\n]*/, header);
  }
  const stack = new Error().stack;
  // Firefox and Safari write no header: the first frames are this function's and the patched console's.
  return stack ? [header, ...stack.split('\n').slice(2)].join('\n').trimEnd() : undefined;
}

/** Same-origin addresses as their path; others whole. */
function pathOf(url: string, win: Window): string {
  try {
    const parsed = new URL(url, win.location.href);
    return parsed.origin === win.location.origin ? `${parsed.pathname}${parsed.search}` : parsed.href;
  } catch {
    return url;
  }
}

/**
 * Collects what a bug report holds besides the trace, from the moment recording starts:
 * console errors and warnings, unhandled rejections, and failed or slow requests, each
 * with the position of the action it followed. Everything is redacted as it is kept.
 */
export function createDiagnostics(position: () => number, now: () => number = Date.now): Diagnostics {
  const consoleEntries: ConsoleEntry[] = [];
  const requestEntries: RequestEntry[] = [];
  const keep = <T,>(list: T[], entry: T) => {
    list.push(entry);
    if (list.length > KEPT) list.shift();
  };

  const diagnostics: Diagnostics = {
    console: () => [...consoleEntries],
    requests: () => [...requestEntries],
    addConsole(level, parts, callSite) {
      const message = redactUrl(parts.map(describePart).join(' '));
      const stack = (parts.find((part) => part instanceof Error) as Error | undefined)?.stack ?? callSite;
      keep(consoleEntries, { level, message, time: new Date(now()).toISOString(), ...(stack ? { stack: redactUrl(stack.slice(0, STACK_MAX)) } : {}), actionIndex: position() });
    },
    addRequest(entry) {
      if (entry.status > 0 && entry.status < 400 && entry.duration <= SLOW_REQUEST_MS) return;
      keep(requestEntries, { ...entry, path: redactUrl(entry.path), duration: Math.round(entry.duration), actionIndex: position() });
    },
    install(win = window) {
      const undo: (() => void)[] = [];
      const con = (win as Window & { console: Console }).console;
      for (const [method, level] of [
        ['error', 'error'],
        ['warn', 'warning'],
      ] as const) {
        const original = con[method];
        const patched = (...parts: unknown[]) => {
          diagnostics.addConsole(level, parts, parts.some((part) => part instanceof Error) ? undefined : callSiteOf(`console.${method}`, patched));
          original.apply(con, parts);
        };
        con[method] = patched;
        undo.push(() => {
          con[method] = original;
        });
      }
      const onError = (event: ErrorEvent) => diagnostics.addConsole('error', [event.error ?? event.message]);
      const onRejection = (event: PromiseRejectionEvent) => diagnostics.addConsole('unhandledrejection', [event.reason]);
      win.addEventListener('error', onError);
      win.addEventListener('unhandledrejection', onRejection);
      undo.push(() => {
        win.removeEventListener('error', onError);
        win.removeEventListener('unhandledrejection', onRejection);
      });

      const originalFetch = win.fetch;
      if (originalFetch) {
        win.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
          const started = now();
          const request = input instanceof Request ? input : undefined;
          const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
          const path = pathOf(request ? request.url : String(input), win);
          try {
            const response = await originalFetch.call(win, input, init);
            diagnostics.addRequest({ method, path, status: response.status, duration: now() - started, ...idOf(response.headers?.get(ID)) });
            return response;
          } catch (error) {
            diagnostics.addRequest({ method, path, status: 0, duration: now() - started });
            throw error;
          }
        };
        undo.push(() => {
          win.fetch = originalFetch;
        });
      }

      // Uploads go through XMLHttpRequest (their progress): watched the same way.
      const xhr = (win as Window & { XMLHttpRequest?: typeof XMLHttpRequest }).XMLHttpRequest;
      if (xhr) {
        const { open, send } = xhr.prototype;
        const calls = new WeakMap<XMLHttpRequest, { method: string; path: string }>();
        xhr.prototype.open = function patchedOpen(this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
          calls.set(this, { method: method.toUpperCase(), path: pathOf(String(url), win) });
          return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
        } as typeof open;
        xhr.prototype.send = function patchedSend(this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
          const call = calls.get(this);
          const started = now();
          if (call) this.addEventListener('loadend', () => diagnostics.addRequest({ ...call, status: this.status, duration: now() - started, ...idOf(this.getResponseHeader(ID)) }));
          return send.call(this, body);
        };
        undo.push(() => {
          xhr.prototype.open = open;
          xhr.prototype.send = send;
        });
      }
      return () => undo.forEach((step) => step());
    },
  };
  return diagnostics;
}
