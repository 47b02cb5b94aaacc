import { Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import { Box, Button } from '@mui/material';
import { fr } from '../i18n/fr';
import { lazyPart, useOpenedOnce } from '../ui/lazyPart';
import { shortcut } from './activation';
import type { ReportSnapshot } from './bugReport';
import type { TracedStore } from './recorder';
import { captureScreenshot } from './screenshot';

// The dialog and the report's assembly load on the first report (the screenshot library too,
// on its own): the public page's first JavaScript carries the button only (issue 26's budget).
const loadDialog = () => import(/* webpackChunkName: "bug-report" */ './BugReportDialog');
const BugReportDialog = lazyPart(() => loadDialog().then((m) => m.BugReportDialog));

const never = () => () => {};

/**
 * "Signaler un problème": shown while the app records its trace (always in development and
 * QA builds, in production once recording is on); the button or Ctrl+Alt+Shift+B takes the
 * page's picture as it is, then asks for a sentence and downloads the report.
 *
 * The button is always rendered while recording: only the dialog sits behind a Suspense
 * boundary, so the button is never hidden while the dialog's code loads, and it keeps the
 * focus that the dialog gives back to it when it closes.
 */
export function BugReportButton() {
  const recorder = (useStore() as Partial<TracedStore>).traceRecorder;
  const recording = useSyncExternalStore(recorder?.subscribe ?? never, () => recorder?.isRecording() ?? false);
  const [capturing, setCapturing] = useState(false);
  const [snapshot, setSnapshot] = useState<ReportSnapshot | null>(null);
  const mounted = useOpenedOnce(snapshot !== null);

  const ask = useCallback(async () => {
    if (!recorder || capturing) return;
    setCapturing(true);
    // The trace, console and requests of this moment, before the capture adds its own work.
    const moment = {
      trace: recorder.trace(),
      dropped: recorder.dropped(),
      console: recorder.diagnostics.console(),
      requests: recorder.diagnostics.requests(),
    };
    // The dialog's code loads while the page's picture is taken.
    void loadDialog().catch(() => undefined);
    const screenshot = await captureScreenshot();
    setCapturing(false);
    setSnapshot({ ...moment, screenshot });
  }, [recorder, capturing]);

  useEffect(() => {
    if (!recording) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!shortcut(event, 'KeyB')) return;
      event.preventDefault();
      void ask();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [recording, ask]);

  if (!recording) return null;
  return (
    <Box sx={{ position: 'fixed', left: 8, bottom: 8, zIndex: (theme) => theme.zIndex.snackbar - 1 }}>
      {/* Not disabled while capturing: the button keeps the focus, which the dialog gives back to it. */}
      <Button size="small" variant="contained" color="secondary" onClick={() => void ask()} aria-busy={capturing}>
        {capturing ? fr.trace.reportCapturing : fr.trace.report}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <BugReportDialog snapshot={snapshot} onClose={() => setSnapshot(null)} />
        </Suspense>
      )}
    </Box>
  );
}
