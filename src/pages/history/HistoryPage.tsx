import { useMemo, useState } from 'react';
import { Button, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import type { Video } from '../../features/videos';
import { useDeleteHistoryMutation, useVisitorHistory } from '../../features/visitors/spaceApi';
import { frHistory } from '../../shared/i18n/frHistory';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PublicFrame } from '../public/PublicFrame';
import { PublicVideoBrowser } from '../public/PublicVideoBrowser';

function HistoryContent() {
  const { token, history, isLoading } = useVisitorHistory();
  const [remove] = useDeleteHistoryMutation();
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const videos = useMemo(() => history.map((entry) => entry.video), [history]);
  const byId = useMemo(() => new Map(history.map((entry) => [entry.videoId, entry])), [history]);

  const forget = (videoId?: string) =>
    token ? remove({ token, videoId }).unwrap().catch((error: unknown) => console.error('History delete failure', error)) : Promise.resolve();

  // Each card says how far the visitor went, and takes it out of the history.
  const cardActions = (video: Video) => {
    const entry = byId.get(video.id);
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', width: '100%' }}>
        <Typography variant="body2">{entry?.finished ? frHistory.watched : entry && frHistory.progress(entry.position, entry.duration)}</Typography>
        <IconButton size="small" aria-label={frHistory.deleteOne(video.youtube_titre)} title={frHistory.deleteLabel} onClick={() => void forget(video.id)}>
          ×
        </IconButton>
      </Stack>
    );
  };

  if (!token) return <Typography>{frHistory.noSpace}</Typography>;
  return (
    <Stack spacing={2}>
      {history.length > 0 && (
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)} sx={{ alignSelf: 'flex-start' }}>
          {frHistory.clearAll}
        </Button>
      )}
      {isLoading ? (
        <LinearProgress aria-label="chargement" />
      ) : (
        <PublicVideoBrowser videos={videos} isLoading={false} emptyText={frHistory.empty} cardActions={cardActions} />
      )}
      <ConfirmDialog
        open={confirming}
        title={frHistory.clearConfirmTitle}
        text={frHistory.clearConfirmText}
        busy={clearing}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setClearing(true);
          await forget();
          setClearing(false);
          setConfirming(false);
        }}
      />
    </Stack>
  );
}

/** `/historique` (issue 42): the videos the visitor watched, latest first, to resume or forget. */
export function HistoryPage() {
  return (
    <PublicFrame>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {frHistory.pageTitle}
        </Typography>
        <HistoryContent />
      </Stack>
    </PublicFrame>
  );
}
