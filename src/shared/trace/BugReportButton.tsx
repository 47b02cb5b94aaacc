import { Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import { Box, Button } from '@mui/material';
import { fr } from '../i18n/fr';
import { lazyPart, useOpenedOnce } from '../ui/lazyPart';
import { shortcut } from './activation';
import type { ReportMoment } from './bugReport';
import type { TracedStore } from './recorder';
import { captureScreenshot } from './screenshot';

// The dialog and the report's assembly load apart (the screenshot library too, on its own):
// the public page's first JavaScript carries the button only (issue 26's budget). While
// recording, the dialog's code is fetched once the page has rendered, so that it opens at once.
const loadDialog = () => import(/* webpackChunkName: "bug-report" */ './BugReportDialog');
const BugReportDialog = lazyPart(() => loadDialog().then((m) => m.BugReportDialog));

const never = () => () => {};

/**
 * "Signaler un problème": shown while the app records its trace (always in development and
 * QA builds, in production once recording is on); the button or Ctrl+Alt+Shift+B opens the
 * dialog at once with the trace, console and requests of that moment; the dialog takes the
 * page's picture once it is on screen.
 *
 * The button is always rendered while recording: only the dialog sits behind a Suspense
 * boundary, so the button is never hidden while the dialog's code loads, and it keeps the
 * focus that the dialog gives back to it when it closes.
 */
export function BugReportButton({ capture = captureScreenshot }: { capture?: () => Promise<string | null> }) {
  const recorder = (useStore() as Partial<TracedStore>).traceRecorder;
  const recording = useSyncExternalStore(recorder?.subscribe ?? never, () => recorder?.isRecording() ?? false);
  const [moment, setMoment] = useState<ReportMoment | null>(null);
  // Mounted (closed) once its code is there: a press then renders it at once, without the
  // lazy component's first suspension, whose reveal React holds back by a few hundred ms.
  const [loaded, setLoaded] = useState(false);
  const mounted = useOpenedOnce(moment !== null) || loaded;

  const ask = useCallback(() => {
    if (!recorder) return;
    // The trace, console and requests of this moment; pressed again while open, the same moment stays.
    setMoment(
      (open) =>
        open ?? {
          trace: recorder.trace(),
          dropped: recorder.dropped(),
          console: recorder.diagnostics.console(),
          requests: recorder.diagnostics.requests(),
        },
    );
  }, [recorder]);

  useEffect(() => {
    if (!recording) return undefined;
    // Once the page has rendered: a press must find the dialog's code there (only recording tabs load it).
    const preload = window.setTimeout(() => {
      loadDialog().then(
        () => setLoaded(true),
        () => undefined,
      );
    }, 0);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!shortcut(event, 'KeyB')) return;
      event.preventDefault();
      ask();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(preload);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [recording, ask]);

  if (!recording) return null;
  return (
    <Box sx={{ position: 'fixed', left: 8, bottom: 8, zIndex: (theme) => theme.zIndex.snackbar - 1 }}>
      <Button size="small" variant="contained" color="secondary" onClick={ask}>
        {fr.trace.report}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <BugReportDialog moment={moment} capture={capture} onClose={() => setMoment(null)} />
        </Suspense>
      )}
    </Box>
  );
}
