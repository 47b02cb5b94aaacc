import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frConsole } from '../../../shared/i18n/frConsole';
import { useLazyGetRecipientsBatchQuery, useRefreshYoutubeListMutation } from '../api';
import { addSummaries, batches, EMPTY_SUMMARY, namesYoutubeChannel } from '../lib/recipients';
import type { YoutubeRefreshSummary } from '../types';

/** Recipients sent a call: small enough for the bar to move, large enough for the server's concurrency. */
const BATCH_SIZE = 8;
/** Recipients read a page: a list of any size is walked through without one huge read. */
const PAGE_SIZE = 100;

interface Progress {
  /** Recipients gone through, of `total` recipients. */
  done: number;
  total: number;
  /** Recipients with a channel met so far. */
  channels: number;
  finished: boolean;
  summary: YoutubeRefreshSummary;
  error: string | null;
}

/**
 * 'Rafraîchir les chaînes YouTube': every recipient with a channel, read again by batches
 * (spec §7.4's list call), with a progress bar and the summed-up result. The recipients are
 * read a page at a time, in id order, so that no list is too long to go through.
 */
export function YoutubeRefreshAll({ user, hasRecipients }: { user: number; hasRecipients: boolean }) {
  const [readPage] = useLazyGetRecipientsBatchQuery();
  const [refresh] = useRefreshYoutubeListMutation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const running = progress !== null && !progress.finished;

  const start = async () => {
    let state: Progress = { done: 0, total: 0, channels: 0, finished: false, summary: EMPTY_SUMMARY, error: null };
    setProgress(state);
    try {
      for (let page = 1; ; page += 1) {
        const { rows, total } = await readPage({ user, page, itemsPerPage: PAGE_SIZE }).unwrap();
        const ids = rows.filter(namesYoutubeChannel).map((r) => r.id);
        state = { ...state, total, channels: state.channels + ids.length };
        for (const batch of batches(ids, BATCH_SIZE)) {
          const summary = await refresh({ ids: batch }).unwrap();
          state = { ...state, summary: addSummaries(state.summary, summary) };
          setProgress(state);
        }
        state = { ...state, done: Math.min(total, state.done + rows.length) };
        setProgress(state);
        if (rows.length < PAGE_SIZE || state.done >= total) break;
      }
      state = { ...state, finished: true };
    } catch (error) {
      state = { ...state, finished: true, error: errorMessage(error) };
    }
    setProgress(state);
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Button variant="outlined" onClick={start} disabled={running || !hasRecipients}>
        {frConsole.socialMedia.refreshAll}
      </Button>
      {progress && (
        <Box sx={{ mt: 1 }} role="status" aria-live="polite">
          {progress.finished && progress.channels === 0 && !progress.error ? (
            <Alert severity="info">{frConsole.socialMedia.refreshNothing}</Alert>
          ) : (
            <>
              <Typography variant="body2">{frConsole.socialMedia.refreshProgress(progress.done, progress.total)}</Typography>
              <LinearProgress
                variant="determinate"
                value={progress.total === 0 ? 0 : (100 * progress.done) / progress.total}
                aria-label={frConsole.socialMedia.refreshAll}
              />
            </>
          )}
          {progress.error && <Alert severity="error" sx={{ mt: 1 }}>{progress.error}</Alert>}
          {progress.finished && progress.channels > 0 && !progress.error && (
            <Alert severity={progress.summary.failed > 0 ? 'warning' : 'success'} sx={{ mt: 1 }}>
              {frConsole.socialMedia.refreshSummary(progress.summary.checked, progress.summary.changed, progress.summary.failed)}
              {progress.summary.failures.map((f) => (
                <Typography key={f.id} variant="body2">
                  {frConsole.socialMedia.failureLine(f.email, f.message)}
                </Typography>
              ))}
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
