import { useEffect } from 'react';
import { Box, Card, CardActionArea, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Video } from '../../features/videos';
import { useVisitorHistory } from '../../features/visitors/spaceApi';
import { frHistory } from '../../shared/i18n/frHistory';

/** Unfinished videos shown on the home page at most. */
const ROW_SIZE = 8;

/**
 * The home page's "Reprendre" row (issue 42): the videos the visitor began and did not finish,
 * latest first; each opens in the page's panel (`?v=`), which offers to resume where they stopped.
 */
export function ResumeRow({ onVideos }: { onVideos: (videos: Video[]) => void }) {
  const { history } = useVisitorHistory();
  // The page's panel opens these videos too, though its grid may not show them.
  useEffect(() => onVideos(history.map((entry) => entry.video)), [history, onVideos]);
  const unfinished = history.filter((entry) => !entry.finished).slice(0, ROW_SIZE);
  if (unfinished.length === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="resume-row-title">
      <Typography variant="h5" component="h2" id="resume-row-title">
        {frHistory.resumeRow}
      </Typography>
      <Typography variant="body2">{frHistory.resumeRowHint}</Typography>
      <Box component="ul" sx={{ display: 'flex', gap: 2, overflowX: 'auto', listStyle: 'none', p: 0, m: 0, pb: 1 }}>
        {unfinished.map((entry) => (
          <Box component="li" key={entry.videoId} sx={{ flex: '0 0 auto', width: 220, maxWidth: '70vw' }}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={{ search: `?v=${encodeURIComponent(entry.videoId)}` }}>
                {entry.video.img_lien && <Box component="img" src={entry.video.img_lien} alt="" sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }} />}
                <LinearProgress variant="determinate" value={(100 * entry.position) / entry.duration} aria-hidden />
                <CardContent sx={{ p: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {entry.video.youtube_titre}
                  </Typography>
                  <Typography variant="caption">{frHistory.progress(entry.position, entry.duration)}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
