import { memo, type ReactNode } from 'react';
import { Card, CardActionArea } from '@mui/material';
import type { CSSObject, Theme } from '@mui/material/styles';
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

/** The parts of a card, styled by `videoCardStyles`. */
export const videoCardClasses = {
  root: 'VideoCard-root',
  action: 'VideoCard-action',
  content: 'VideoCard-content',
  title: 'VideoCard-title',
  creator: 'VideoCard-creator',
  meta: 'VideoCard-meta',
  actions: 'VideoCard-actions',
} as const;

const c = videoCardClasses;

/**
 * The cards' look (what CardContent, CardActions and Typography gave them), for the grid to
 * set once for all its cards: a card's text is plain elements, so that a filter showing new
 * cards does not compute the same styles again for each of them (that was most of the work).
 */
export const videoCardStyles = (theme: Theme): CSSObject => ({
  [`& .${c.root}`]: {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    // Cards out of view skip style, layout and paint until they come near it, sized meanwhile
    // as a card is (`auto`: once shown, as it was). On the card, not its item: the card's shadow
    // is its own painting, which its containment does not clip.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 240px auto 290px',
  },
  [`& .${c.action}`]: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    justifyContent: 'flex-start',
  },
  [`& .${c.content}`]: { padding: theme.spacing(2) },
  [`& .${c.title}`]: { ...theme.typography.subtitle2, margin: 0, marginBottom: '0.35em' },
  [`& .${c.creator}`]: { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
  [`& .${c.meta}`]: { ...theme.typography.caption, color: theme.palette.text.secondary },
  [`& .${c.actions}`]: { display: 'flex', alignItems: 'center', padding: theme.spacing(1) },
});

/**
 * A video of the grid (spec §2.2): image, title cut at 80, date, creator, and views where shown.
 * Memoised: filtering keeps the cards of the videos still shown as they are.
 */
export const VideoCard = memo(function VideoCard({ video, showViews = false, onOpen, renderActions }: Props) {
  const actions = renderActions?.(video);
  return (
    <Card component="article" className={c.root}>
      <CardActionArea onClick={() => onOpen(video)} className={c.action}>
        <VideoThumbnail src={video.img_lien} alt={video.youtube_titre} />
        <div className={c.content}>
          <h3 className={c.title} title={video.youtube_titre}>
            {cutTitle(video.youtube_titre)}
          </h3>
          <p className={c.creator}>{video.youtube_name}</p>
          <span className={c.meta}>
            <time dateTime={video.created}>{cardDate(video.created)}</time>
            {showViews && ` · ${fr.videos.views(formatViews(video.youtube_nb_vue))}`}
          </span>
        </div>
      </CardActionArea>
      {actions && <div className={c.actions}>{actions}</div>}
    </Card>
  );
});
