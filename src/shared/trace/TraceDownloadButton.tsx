import { useCallback, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import { Button } from '@mui/material';
import { fr } from '../i18n/fr';
import { downloadTrace } from './download';
import type { TracedStore } from './recorder';

const never = () => () => {};

/** A small footer link for QA: shown only while the app records its Redux trace. */
export function TraceDownloadButton() {
  const recorder = (useStore() as Partial<TracedStore>).traceRecorder;
  const recording = useSyncExternalStore(
    recorder?.subscribe ?? never,
    () => recorder?.isRecording() ?? false,
  );
  const download = useCallback(() => recorder && downloadTrace(recorder), [recorder]);
  if (!recording) return null;
  return (
    <Button size="small" onClick={download} sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
      {fr.trace.download}
    </Button>
  );
}
