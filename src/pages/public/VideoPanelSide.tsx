import { useSelector, useStore } from 'react-redux';
import { Divider, Stack } from '@mui/material';
import { VideoNotes } from '../../features/notes';
import { VideoRatings } from '../../features/ratings';
import { productVideoLink, type PlaybackControl, type Video } from '../../features/videos';
import { selectVisitorToken } from '../../features/visitors';
// The panel's side loads lazily: these come with it.
import { useMarkWatched } from '../../features/visitors/components/useMarkWatched';
import { VideoEtatButtons } from '../../features/visitors/components/VideoEtatButtons';
import { appConfig } from '../../shared/config/appConfig';
import { selectUserEmail, type SessionRootState } from '../../shared/session';
import { useEmailRequest } from './useEmailRequest';

interface Props {
  video: Video;
  playback: PlaybackControl;
}

/**
 * The right-hand side of the video panel (spec §2.4): the ratings (which ask for the
 * e-mail first when none is known), then the notes, which read the player's time and seek it.
 * Shares link to this page of the product at the note's moment, or to YouTube (SHARE_LINKS).
 */
export function VideoPanelSide({ video, playback }: Props) {
  const email = useSelector((state: SessionRootState) => selectUserEmail(state));
  const visitorToken = useSelector(selectVisitorToken);
  const store = useStore<SessionRootState>();
  const { requestEmail, emailPopin } = useEmailRequest();
  // A video from the product's list (not one only the address names) counts as watched once opened.
  useMarkWatched(video.channelId ? video.id : null);
  const shareLink =
    appConfig.shareLinks === 'product'
      ? (seconds?: number) => productVideoLink(window.location.origin, window.location.pathname, video.id, seconds)
      : undefined;
  return (
    <Stack spacing={2}>
      {video.channelId && (
        <Stack direction="row" spacing={1}>
          <VideoEtatButtons videoId={video.id} />
        </Stack>
      )}
      <VideoRatings
        videoUrl={video.url}
        email={email}
        visitorToken={visitorToken}
        requestEmail={requestEmail}
        currentToken={() => selectVisitorToken(store.getState())}
      />
      <Divider />
      <VideoNotes
        video={{ id: video.id, title: video.youtube_titre, shareLink }}
        currentSecond={playback.currentSecond}
        seekTo={playback.seekTo}
        token={visitorToken}
      />
      {emailPopin}
    </Stack>
  );
}
