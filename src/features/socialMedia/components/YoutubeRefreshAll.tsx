import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { useRefreshYoutubeListMutation } from '../api';
import { addSummaries, batches, EMPTY_SUMMARY, namesYoutubeChannel } from '../lib/recipients';
import type { Recipient, YoutubeRefreshSummary } from '../types';

/** Recipients sent a call: small enough for the bar to move, large enough for the server's concurrency. */
const BATCH_SIZE = 8;

interface Progress {
  done: number;
  total: number;
  summary: YoutubeRefreshSummary;
  error: string | null;
}

/**
 * 'Rafraîchir les chaînes YouTube': every recipient with a channel, read again by batches
 * (spec §7.4's list call), with a progress bar and the summed-up result.
 */
export function YoutubeRefreshAll({ recipients }: { recipients: Recipient[] }) {
  const [refresh] = useRefreshYoutubeListMutation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const running = progress !== null && progress.done < progress.total && !progress.error;

  const start = async () => {
    const ids = recipients.filter(namesYoutubeChannel).map((r) => r.id);
    let state: Progress = { done: 0, total: ids.length, summary: EMPTY_SUMMARY, error: null };
    setProgress(state);
    for (const batch of batches(ids, BATCH_SIZE)) {
      try {
        const summary = await refresh({ ids: batch }).unwrap();
        state = { ...state, done: state.done + batch.length, summary: addSummaries(state.summary, summary) };
      } catch (error) {
        state = { ...state, error: errorMessage(error) };
      }
      setProgress(state);
      if (state.error) return;
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="outlined" onClick={start} disabled={running || recipients.length === 0}>
        {fr.socialMedia.refreshAll}
      </Button>
      {progress && (
        <Box sx={{ mt: 1 }} role="status" aria-live="polite">
          {progress.total === 0 ? (
            <Alert severity="info">{fr.socialMedia.refreshNothing}</Alert>
          ) : (
            <>
              <Typography variant="body2">{fr.socialMedia.refreshProgress(progress.done, progress.total)}</Typography>
              <LinearProgress
                variant="determinate"
                value={(100 * progress.done) / progress.total}
                aria-label={fr.socialMedia.refreshAll}
              />
            </>
          )}
          {progress.error && <Alert severity="error" sx={{ mt: 1 }}>{progress.error}</Alert>}
          {progress.total > 0 && !running && !progress.error && (
            <Alert severity={progress.summary.failed > 0 ? 'warning' : 'success'} sx={{ mt: 1 }}>
              {fr.socialMedia.refreshSummary(progress.summary.checked, progress.summary.changed, progress.summary.failed)}
              {progress.summary.failures.map((f) => (
                <Typography key={f.id} variant="body2">
                  {fr.socialMedia.failureLine(f.email, f.message)}
                </Typography>
              ))}
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
