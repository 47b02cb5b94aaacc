import { useRef, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { buildVersion } from '../config/build';
import { fr } from '../i18n/fr';
import { frBugReport } from '../i18n/frBugReport';
import { selectAccessToken, type SessionRootState } from '../session';
import { assembleBugReport, environmentOf, type BugReport, type ReportMoment } from './bugReport';
import { bugReportFileName, downloadText } from './download';
import { OUT_OF_PICTURE } from './screenshot';
import { sendReport } from './sendReport';

interface Props {
  /** Open while it holds the moment to report. */
  moment: ReportMoment | null;
  /** Takes the page's picture: started once the dialog is shown, awaited only to send or download. */
  capture: () => Promise<string | null>;
  onClose: () => void;
}

type Picture = { state: 'waiting' } | { state: 'ready'; url: string | null };
type Sending = { state: 'idle' } | { state: 'busy'; action: 'send' | 'download' } | { state: 'sent'; reference: string } | { state: 'failed'; message: string };

/**
 * Asks for one sentence, then sends the report to the team (its reference shown) or downloads
 * it (`tgm-bug-<date>T<time>.json`). It opens at once: the page's picture is taken once the
 * dialog is on screen (the dialog itself left out of it), and shown when ready; only sending or
 * downloading waits for it (docs/qa-traces.md, «2b. Report a problem in one click»).
 */
export function BugReportDialog({ moment, capture, onClose }: Props) {
  const accessToken = useSelector((state: SessionRootState) => selectAccessToken(state));
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);
  const [picture, setPicture] = useState<Picture>({ state: 'waiting' });
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const pending = useRef<Promise<string | null> | null>(null);

  const takePicture = () => {
    if (!moment || pending.current) return pending.current;
    const taking = capture();
    pending.current = taking;
    void taking.then((url) => {
      if (pending.current === taking) setPicture({ state: 'ready', url });
    });
    return taking;
  };

  // Closed, it is ready for the next moment: a new picture, taken when the dialog has appeared.
  const close = () => {
    pending.current = null;
    setPicture({ state: 'waiting' });
    setSending({ state: 'idle' });
    setDescription('');
    setMissing(false);
    onClose();
  };

  const report = async (): Promise<BugReport | null> => {
    if (!moment) return null;
    const screenshot = await (takePicture() ?? Promise.resolve(null));
    return assembleBugReport({ ...moment, screenshot, build: buildVersion, environment: environmentOf(), description });
  };

  const act = async (action: 'send' | 'download') => {
    if (!moment || sending.state === 'busy') return;
    if (!description.trim()) {
      setMissing(true);
      return;
    }
    setSending({ state: 'busy', action });
    const built = await report();
    if (!built) return;
    if (action === 'download') {
      downloadText(bugReportFileName(new Date()), JSON.stringify(built, null, '\t'));
      close();
      return;
    }
    const outcome = await sendReport(built, accessToken);
    setSending('reference' in outcome ? { state: 'sent', reference: outcome.reference } : { state: 'failed', message: outcome.error ?? frBugReport.offline });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act('send');
  };

  const busy = sending.state === 'busy';
  const sent = sending.state === 'sent';
  return (
    <Dialog
      open={moment !== null}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="bug-report-title"
      {...{ [OUT_OF_PICTURE]: '' }}
      slotProps={{ transition: { onEntered: () => void takePicture() } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="bug-report-title">{frBugReport.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{frBugReport.intro}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            disabled={sent}
            label={frBugReport.description}
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              if (event.target.value.trim()) setMissing(false);
            }}
            error={missing}
            helperText={missing ? frBugReport.descriptionRequired : ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <Box sx={{ mt: 1 }}>
            {picture.state === 'waiting' ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  {frBugReport.capturing}
                </Typography>
                <LinearProgress aria-label={frBugReport.capturing} sx={{ mt: 1 }} />
              </>
            ) : picture.url ? (
              <Box component="img" src={picture.url} alt={frBugReport.picture} sx={{ maxWidth: '100%', maxHeight: 160, border: 1, borderColor: 'divider' }} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {frBugReport.captureFailed}
              </Typography>
            )}
          </Box>
          {sent && (
            <Alert severity="success" role="status" sx={{ mt: 2 }}>
              {frBugReport.sent(sending.reference)}
            </Alert>
          )}
          {sending.state === 'failed' && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {frBugReport.sendFailed(sending.message)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {sent ? (
            <Button onClick={close} variant="contained">
              {frBugReport.close}
            </Button>
          ) : (
            <>
              <Button onClick={close}>{fr.common.cancel}</Button>
              <Button onClick={() => void act('download')} disabled={busy}>
                {frBugReport.download}
              </Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {busy && sending.action === 'send' ? frBugReport.sending : frBugReport.send}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
