import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { appConfig } from '../../../shared/config/appConfig';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Hinted } from '../../../shared/ui/Hinted';
import { encodeBase64 } from '../../../shared/lib/base64';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { FileButton } from '../../../shared/ui/FileButton';
import { useSendTargetListMutation } from '../api';
import type { ImportReport, List, TargetListRequest } from '../types';
import { ImportReportView } from './ImportReportView';

/** Ciblage: e-mails pasted or loaded from a file, sent as a target list request (spec §7.3). */
export function CiblageTab({ list }: { list: List }) {
  const [emails, setEmails] = useState('');
  const [mode, setMode] = useState<TargetListRequest['mode']>('add');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useSendTargetListMutation();
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setReport(null);
    setError(null);
    if (!emails.trim()) return setError(frConsole.lists.ciblage.empty);
    // Replacing removes every contact the pasted ones do not name: asked first.
    if (mode === 'replace') return setConfirming(true);
    void sendList();
  };

  const sendList = async () => {
    setConfirming(false);
    try {
      const answer = await send({
        internalname: String(list.id),
        societe: appConfig.societe,
        origin: 'ciblage',
        emails: encodeBase64(emails),
        mode,
      }).unwrap();
      setReport(answer);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Typography variant="body2">{frConsole.lists.ciblage.intro}</Typography>
        <TextField
          label={frConsole.lists.ciblage.emails}
          multiline
          minRows={5}
          value={emails}
          onChange={(event) => setEmails(event.target.value)}
        />
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <FileButton label={frConsole.lists.ciblage.file} accept=".txt,.csv,text/plain,text/csv" onFile={async (file) => setEmails(await file.text())} />
          <TextField
            select
            size="small"
            label={frConsole.lists.ciblage.mode}
            value={mode}
            onChange={(event) => setMode(event.target.value as TargetListRequest['mode'])}
            sx={{ minWidth: { xs: '100%', sm: 280 } }}
          >
            <MenuItem value="add">{frConsole.lists.ciblage.modeAdd}</MenuItem>
            <MenuItem value="replace">{frConsole.lists.ciblage.modeReplace}</MenuItem>
          </TextField>
          <Hinted hint={frConsole.hints.ciblageSubmit}>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {frConsole.lists.ciblage.submit}
            </Button>
          </Hinted>
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {report && <ImportReportView report={report} />}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={frConsole.lists.ciblage.replaceTitle}
        text={frConsole.lists.ciblage.replaceText(list.subject)}
        onConfirm={() => void sendList()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}
