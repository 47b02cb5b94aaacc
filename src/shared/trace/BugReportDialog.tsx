import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { buildVersion } from '../config/build';
import { fr } from '../i18n/fr';
import { frBugReport } from '../i18n/frBugReport';
import { assembleBugReport, environmentOf, type ReportSnapshot } from './bugReport';
import { bugReportFileName, downloadText } from './download';

interface Props {
  /** Open while it holds the moment to report. */
  snapshot: ReportSnapshot | null;
  onClose: () => void;
}

/** Asks for one sentence, then downloads the report (`tgm-bug-<date>T<time>.json`). */
export function BugReportDialog({ snapshot, onClose }: Props) {
  const [description, setDescription] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!snapshot) return;
    if (!description.trim()) {
      setMissing(true);
      return;
    }
    const report = assembleBugReport({ ...snapshot, build: buildVersion, environment: environmentOf(), description });
    downloadText(bugReportFileName(new Date()), JSON.stringify(report, null, '\t'));
    setDescription('');
    setMissing(false);
    onClose();
  };

  return (
    <Dialog open={snapshot !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bug-report-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="bug-report-title">{frBugReport.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{frBugReport.intro}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{fr.common.cancel}</Button>
          <Button type="submit" variant="contained">
            {frBugReport.download}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
