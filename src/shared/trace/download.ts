import type { TraceRecorder } from './recorder';

/** `tgm-trace-2026-05-04T09-30-12.json`: sorts by time, and is a valid file name everywhere. */
export const traceFileName = (date: Date) => `tgm-trace-${date.toISOString().slice(0, 19).replace(/:/g, '-')}.json`;

/** Saves the recorder's trace as a file, through the browser's download. */
export function downloadTrace(recorder: TraceRecorder): void {
  const url = URL.createObjectURL(new Blob([recorder.exportText()], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = traceFileName(new Date());
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL may go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
