import { Suspense, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import { lazyPart } from '../ui/lazyPart';
import type { TracedStore } from './recorder';

// Loaded once recording is on: the public page's first JavaScript carries none of it.
const BugReportControls = lazyPart(() => import(/* webpackChunkName: "bug-report" */ './BugReportControls').then((m) => m.BugReportControls));

const never = () => () => {};

/**
 * "Signaler un problème": shown while the app records its trace (always in development and
 * QA builds, in production once recording is on).
 */
export function BugReportButton() {
  const recorder = (useStore() as Partial<TracedStore>).traceRecorder;
  const recording = useSyncExternalStore(recorder?.subscribe ?? never, () => recorder?.isRecording() ?? false);
  if (!recorder || !recording) return null;
  return (
    <Suspense fallback={null}>
      <BugReportControls recorder={recorder} />
    </Suspense>
  );
}
