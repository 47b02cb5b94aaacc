import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { FileButton } from '../../../shared/ui/FileButton';
import { useContactsImport } from '../useContactsImport';
import { ImportReportView } from './ImportReportView';

/** Contacts import: a CSV file chosen, sent with a progress bar, then the report. */
export function ContactsImport({ listId }: { listId: number }) {
  const { state, start } = useContactsImport(listId);
  const sending = state.phase === 'sending';
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {frConsole.lists.import.title}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {frConsole.lists.import.help}
      </Typography>
      <FileButton label={frConsole.lists.import.choose} accept=".csv,text/csv" onFile={(file) => void start(file)} disabled={sending} />
      {sending && (
        <Box sx={{ mt: 1 }} role="status">
          <LinearProgress
            variant={state.percent < 100 ? 'determinate' : 'indeterminate'}
            value={state.percent}
            aria-label={frConsole.lists.import.title}
          />
          <Typography variant="body2">
            {state.percent < 100 ? frConsole.lists.import.sending(state.percent) : frConsole.lists.import.processing}
          </Typography>
        </Box>
      )}
      {state.phase === 'failed' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {state.message}
        </Alert>
      )}
      {state.phase === 'done' && (
        <Box sx={{ mt: 1 }}>
          <ImportReportView report={state.report} />
        </Box>
      )}
    </Box>
  );
}
