import { downloadTrace } from './download';
import type { TraceRecorder } from './recorder';

/** `?trace=1` turns recording on for the tab (kept across reloads), `?trace=0` off. */
export const TRACE_QUERY_FLAG = 'trace';
export const TRACE_SESSION_KEY = 'tgm:trace';

/** What a test or a QA console can reach while recording: `window.__TGM_TRACE__.exportText()`. */
export interface TraceHook {
  exportText(): string;
}

declare global {
  interface Window {
    __TGM_TRACE__?: TraceHook;
  }
}

/** Ctrl+Alt+Shift+T starts recording; Ctrl+Alt+Shift+D downloads the trace (any page); B is the bug report's (BugReportButton). */
export const shortcut = (event: KeyboardEvent, code: string) =>
  event.ctrlKey && event.altKey && event.shiftKey && event.code === code;

function askedForInThisTab(win: Window): boolean {
  const flag = new URLSearchParams(win.location.search).get(TRACE_QUERY_FLAG);
  try {
    if (flag === '1') win.sessionStorage.setItem(TRACE_SESSION_KEY, '1');
    if (flag === '0') win.sessionStorage.removeItem(TRACE_SESSION_KEY);
    return win.sessionStorage.getItem(TRACE_SESSION_KEY) === '1';
  } catch {
    // Storage refused (private mode): the query flag still counts for this page.
    return flag === '1';
  }
}

/**
 * Production builds record on demand: the query flag, or the keyboard shortcut, which also
 * keeps recording on for the tab. While recording, the trace is reachable from the window.
 * Call before the first action (before persistStore) so the trace starts with the page.
 */
export function installTraceControls(recorder: TraceRecorder, win: Window = window): () => void {
  let uninstallDiagnostics: (() => void) | undefined;
  const exposeHook = () => {
    if (!recorder.isRecording()) return;
    win.__TGM_TRACE__ = { exportText: () => recorder.exportText() };
    // Console errors and failed requests count from the moment recording starts.
    uninstallDiagnostics ??= recorder.diagnostics.install(win);
  };
  const unsubscribe = recorder.subscribe(exposeHook);
  if (askedForInThisTab(win)) recorder.start();
  exposeHook();

  const onKeyDown = (event: KeyboardEvent) => {
    if (shortcut(event, 'KeyT')) {
      event.preventDefault();
      try {
        win.sessionStorage.setItem(TRACE_SESSION_KEY, '1');
      } catch {
        // Recording still starts for this page.
      }
      recorder.start();
    } else if (shortcut(event, 'KeyD') && recorder.isRecording()) {
      event.preventDefault();
      downloadTrace(recorder);
    }
  };
  win.addEventListener('keydown', onKeyDown);
  return () => {
    uninstallDiagnostics?.();
    unsubscribe();
    win.removeEventListener('keydown', onKeyDown);
  };
}
