import { VideoBrowser, type PlaybackControl, type Video } from '../../features/videos';
import { FollowButton } from '../../features/visitors';
import { VideoPanelSide } from './VideoPanelSide';

interface Props {
  videos: Video[];
  isLoading: boolean;
  showViews?: boolean;
}

const followAction = (video: Video) => <FollowButton channelId={video.channelId} name={video.youtube_name} />;

const panelSide = (video: Video, playback: PlaybackControl) => <VideoPanelSide video={video} playback={playback} />;

/**
 * The public pages' video browser, composed from the features: a card follows its creator
 * (visitors), and the detail panel's side (ratings, notes, sharing) is composed here.
 */
export function PublicVideoBrowser({ videos, isLoading, showViews }: Props) {
  return (
    <VideoBrowser
      videos={videos}
      isLoading={isLoading}
      showViews={showViews}
      renderCardActions={followAction}
      renderPanelSide={panelSide}
    />
  );
}
