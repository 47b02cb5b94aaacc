import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { downloadText } from '../../../shared/lib/download';
import { FileButton } from '../../../shared/ui/FileButton';
import {
  useExportSubscriptionsMutation,
  useImportSubscriptionsMutation,
  useVisitorProfile,
  visitorsApi,
  type ExportFormat,
  type ImportReport,
} from '../api';

const ACCEPT = '.csv,.opml,.xml,.json,.db,text/csv,text/xml,application/json';

const nameList = (items: { name: string | null; source?: string; id?: string }[]) =>
  items.map((item) => item.name ?? item.source ?? item.id).join(', ');

function Report({ report }: { report: ImportReport }) {
  const { followed, alreadyFollowed, unknown, failed, pending, groupes, plusTard, masquees } = report;
  return (
    <Alert severity={failed.length > 0 ? 'warning' : 'success'} role="status" aria-label={fr.space.importTitle}>
      <Typography variant="body2">{fr.space.importReport(followed.length, alreadyFollowed.length, unknown.length, failed.length)}</Typography>
      {pending.length > 0 && <Typography variant="body2">{fr.space.importPending(pending.length)}</Typography>}
      {(groupes.length > 0 || plusTard > 0 || masquees > 0) && (
        <Typography variant="body2">{fr.space.importExtras(groupes.length, plusTard, masquees)}</Typography>
      )}
      {unknown.length > 0 && (
        <Typography variant="body2">
          {fr.space.unknownChannels} {nameList(unknown)}
        </Typography>
      )}
      {failed.length > 0 && (
        <Typography variant="body2">
          {fr.space.failedChannels} {nameList(failed)}. {fr.space.importFailedHint}
        </Typography>
      )}
    </Alert>
  );
}

/** Brings subscriptions from a file (YouTube, FreeTube, Invidious, NewPipe) and takes them away. */
export function SubscriptionsTransfer({ token, listName }: { token: string; listName: string }) {
  const [importFile, importing] = useImportSubscriptionsMutation();
  const [exportFile, exporting] = useExportSubscriptionsMutation();
  const [answered, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dispatch = useDispatch();
  // What the latest import became once its feeds were read (issue 42), as the space tells it;
  // the import's own answer until the space has it.
  const lastImport = useVisitorProfile().profile?.lastImport ?? null;
  const report = importing.isLoading ? null : (lastImport ?? answered);
  // The feeds of channels met for the first time are read in the background: the space is read
  // again a few times so that their names, videos and outcome show (and a made-up one goes).
  const waiting = (report?.pending.length ?? 0) > 0;
  useEffect(() => {
    if (!waiting) return undefined;
    const timers = [1500, 4000, 8000, 15000, 30000].map((delay) =>
      setTimeout(() => dispatch(visitorsApi.util.invalidateTags(['Visitor', 'Videos'])), delay),
    );
    return () => timers.forEach(clearTimeout);
  }, [waiting, report, dispatch]);

  const upload = async (file: File) => {
    setError(null);
    setReport(null);
    try {
      setReport(await importFile({ token, file }).unwrap());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const download = async (format: ExportFormat) => {
    setError(null);
    try {
      const text = await exportFile({ token, format }).unwrap();
      const base = `abonnements-${listName}`;
      if (format === 'opml') downloadText(`${base}.opml`, text, 'text/x-opml;charset=utf-8');
      else if (format === 'freetube') downloadText(`${base}-freetube.db`, text, 'application/x-ndjson;charset=utf-8');
      else downloadText(`${base}-newpipe.json`, text, 'application/json;charset=utf-8');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Stack spacing={1} component="section" aria-label={fr.space.importTitle}>
      <Typography variant="subtitle1" component="h3">
        {fr.space.importTitle}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {fr.space.importHelp}
      </Typography>
      <Box>
        <FileButton label={fr.space.importButton} accept={ACCEPT} onFile={(file) => void upload(file)} disabled={importing.isLoading} />
      </Box>
      {importing.isLoading && <LinearProgress aria-label={fr.space.importing} />}
      {report && <Report report={report} />}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Typography variant="subtitle1" component="h3">
        {fr.space.exportTitle}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" onClick={() => void download('opml')} disabled={exporting.isLoading}>
          {fr.space.exportOpml}
        </Button>
        <Button variant="outlined" onClick={() => void download('newpipe')} disabled={exporting.isLoading}>
          {fr.space.exportNewPipe}
        </Button>
        <Button variant="outlined" onClick={() => void download('freetube')} disabled={exporting.isLoading}>
          {fr.space.exportFreeTube}
        </Button>
      </Stack>
    </Stack>
  );
}
