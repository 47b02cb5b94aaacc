import { useSelector, useStore } from 'react-redux';
import { Divider, Stack } from '@mui/material';
import { VideoNotes } from '../../features/notes';
import { VideoRatings } from '../../features/ratings';
import { productVideoLink, type PlaybackControl, type Video } from '../../features/videos';
import { selectVisitorToken } from '../../features/visitors';
// The panel's side loads lazily: these come with it.
import { useMarkWatched } from '../../features/visitors/components/useMarkWatched';
import { ResumeOffer } from '../../features/visitors/components/ResumeOffer';
import { useHistorySaving } from '../../features/visitors/components/useHistorySaving';
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
  // Where the visitor stops is kept, to resume there on any device (issue 42).
  useHistorySaving(video.channelId ? video.id : null, playback);
  const shareLink =
    appConfig.shareLinks === 'product'
      ? (seconds?: number) => productVideoLink(window.location.origin, window.location.pathname, video.id, seconds)
      : undefined;
  return (
    <Stack spacing={2}>
      {video.channelId && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {visitorToken && <ResumeOffer videoId={video.id} seekTo={playback.seekTo} />}
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
