import { memo, type ReactNode } from 'react';
import { Card, CardActionArea, CardActions, CardContent, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { cardDate, cutTitle, formatViews } from '../lib/cardText';
import type { Video } from '../types';
import { VideoThumbnail } from './VideoThumbnail';

interface Props {
  video: Video;
  /** 'de {n} vues', shown on the list and channel pages. */
  showViews?: boolean;
  onOpen: (video: Video) => void;
  /** Actions under the card (following its creator), composed by the page; a stable function keeps cards from re-rendering. */
  renderActions?: (video: Video) => ReactNode;
}

/**
 * A video of the grid (spec §2.2): image, title cut at 80, date, creator, and views where shown.
 * Memoised: filtering keeps the cards of the videos still shown as they are.
 */
export const VideoCard = memo(function VideoCard({ video, showViews = false, onOpen, renderActions }: Props) {
  const actions = renderActions?.(video);
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        onClick={() => onOpen(video)}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <VideoThumbnail src={video.img_lien} alt={video.youtube_titre} />
        <CardContent>
          <Typography variant="subtitle2" component="h3" title={video.youtube_titre} gutterBottom>
            {cutTitle(video.youtube_titre)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {video.youtube_name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <time dateTime={video.created}>{cardDate(video.created)}</time>
            {showViews && ` · ${fr.videos.views(formatViews(video.youtube_nb_vue))}`}
          </Typography>
        </CardContent>
      </CardActionArea>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
});
