import { Suspense, type ReactNode } from 'react';
import { LinearProgress } from '@mui/material';
import { VideoBrowser, type PlaybackControl, type Video } from '../../features/videos';
import { FollowButton } from '../../features/visitors';
import { lazyPart } from '../../shared/ui/lazyPart';

// The panel's side (ratings, notes, sharing) loads with the first opened video.
const VideoPanelSide = lazyPart(() => import('./VideoPanelSide').then((m) => m.VideoPanelSide));

interface Props {
  videos: Video[];
  isLoading: boolean;
  showViews?: boolean;
  /** What an empty grid says ('Aucune vidéo' unless the page says better). */
  emptyText?: string;
  /** The cards' actions; following the creator unless the page says otherwise. */
  cardActions?: (video: Video) => ReactNode;
  /** Videos the panel may open that the grid does not show. */
  otherVideos?: Video[];
}

const followAction = (video: Video) => <FollowButton channelId={video.channelId} name={video.youtube_name} place="card" />;

const panelSide = (video: Video, playback: PlaybackControl) => (
  <Suspense fallback={<LinearProgress aria-label="chargement" />}>
    <VideoPanelSide video={video} playback={playback} />
  </Suspense>
);

/**
 * The public pages' video browser, composed from the features: a card follows its creator
 * (visitors), and the detail panel's side (ratings, notes, sharing) is composed here.
 */
export function PublicVideoBrowser({ videos, isLoading, showViews, emptyText, cardActions = followAction, otherVideos }: Props) {
  return (
    <VideoBrowser
      videos={videos}
      isLoading={isLoading}
      showViews={showViews}
      emptyText={emptyText}
      renderCardActions={cardActions}
      renderPanelSide={panelSide}
      otherVideos={otherVideos}
    />
  );
}
