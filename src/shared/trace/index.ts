export { redact, redactAction, redactUrl, REDACTED, isSecretKey } from './redact';
export { parseTrace, parseTraceText, readTraceFile, isBugReportFile } from './parse';
export {
  exportTrace,
  exportTraceObject,
  TraceFormatError,
  type Trace,
  type TraceStep,
  type TraceAction,
  type TraceMeta,
} from './format';
export { shapeOf, sliceFingerprints, checkVersion, type VersionCheck } from './fingerprint';
export { createTraceRecorder, TRACE_ACTION_LIMIT, type TraceRecorder, type TracedStore } from './recorder';
export { installTraceControls, TRACE_QUERY_FLAG, TRACE_SESSION_KEY, type TraceHook } from './activation';
export { downloadTrace, downloadText, traceFileName, bugReportFileName } from './download';
export { assembleBugReport, environmentOf, type BugReport, type BugReportParts, type Environment } from './bugReport';
export { createDiagnostics, SLOW_REQUEST_MS, type ConsoleEntry, type RequestEntry, type Diagnostics } from './diagnostics';
export { BugReportButton } from './BugReportButton';
export { TraceDownloadButton } from './TraceDownloadButton';
