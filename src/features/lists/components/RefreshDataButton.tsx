import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { REFRESH_MAX_POLLS } from '../../../shared/config/constants';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Hinted } from '../../../shared/ui/Hinted';
import type { RefreshStep } from '../refreshFlow';
import { useRefreshData } from '../useRefreshData';

function describe(step: RefreshStep): string {
  switch (step.phase) {
    case 'lastDate':
      return frConsole.lists.refresh.lastDate;
    case 'creating':
      return frConsole.lists.refresh.creating;
    case 'polling':
      return frConsole.lists.refresh.polling(step.poll, REFRESH_MAX_POLLS);
    case 'done':
      return frConsole.lists.refresh.done(step.added);
    case 'notReady':
      return frConsole.lists.refresh.notReady;
  }
}

/** How far the refresh is: two steps before the polls, then one more part a poll. */
function percentOf(step: RefreshStep): number {
  if (step.phase === 'lastDate') return 10;
  if (step.phase === 'creating') return 30;
  if (step.phase === 'polling') return 30 + (60 * step.poll) / REFRESH_MAX_POLLS;
  return 100;
}

/** 'Rafraîchir les données' and the refresh's progress: steps, then the polls of the trigger. */
export function RefreshDataButton({ listId }: { listId: number }) {
  const { step, error, running, start } = useRefreshData(listId);
  return (
    <Box>
      <Hinted hint={frConsole.hints.refreshData}>
        <Button variant="outlined" onClick={() => void start()} disabled={running}>
          {frConsole.lists.refreshData}
        </Button>
      </Hinted>
      {step && (
        <Box sx={{ mt: 1 }} role="status">
          {running && <LinearProgress variant="determinate" value={percentOf(step)} aria-label={frConsole.lists.refreshData} />}
          <Typography variant="body2" color={step.phase === 'notReady' ? 'warning.main' : undefined}>
            {describe(step)}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
