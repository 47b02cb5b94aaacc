export { redact, redactAction, REDACTED, isSecretKey } from './redact';
export { exportTrace, parseTrace, TraceFormatError, type Trace, type TraceStep, type TraceAction } from './format';
export { createTraceRecorder, TRACE_ACTION_LIMIT, type TraceRecorder, type TracedStore } from './recorder';
export { installTraceControls, TRACE_QUERY_FLAG, TRACE_SESSION_KEY, type TraceHook } from './activation';
export { downloadTrace, traceFileName } from './download';
export { TraceDownloadButton } from './TraceDownloadButton';
