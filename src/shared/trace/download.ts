import type { TraceRecorder } from './recorder';

/** `2026-05-04T09-30-12`: sorts by time, and is valid in a file name everywhere. */
const stamp = (date: Date) => date.toISOString().slice(0, 19).replace(/:/g, '-');

/** `tgm-trace-2026-05-04T09-30-12.json`. */
export const traceFileName = (date: Date) => `tgm-trace-${stamp(date)}.json`;

/** `tgm-bug-2026-11-26T14-05-09.json`. */
export const bugReportFileName = (date: Date) => `tgm-bug-${stamp(date)}.json`;

/** Saves text as a file, through the browser's download. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL may go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the recorder's trace as a file, through the browser's download. */
export function downloadTrace(recorder: TraceRecorder): void {
  downloadText(traceFileName(new Date()), recorder.exportText());
}
