import { useSelector } from 'react-redux';
import { Divider, Stack } from '@mui/material';
import { VideoNotes } from '../../features/notes';
import { VideoRatings } from '../../features/ratings';
import type { PlaybackControl, Video } from '../../features/videos';
import { selectUserEmail, type SessionRootState } from '../../shared/session';
import { useEmailRequest } from './useEmailRequest';

interface Props {
  video: Video;
  playback: PlaybackControl;
}

/**
 * The right-hand side of the video panel (spec §2.4): the ratings (which ask for the
 * e-mail first when none is known), then the notes, which read the player's time and seek it.
 */
export function VideoPanelSide({ video, playback }: Props) {
  const email = useSelector((state: SessionRootState) => selectUserEmail(state));
  const { requestEmail, emailPopin } = useEmailRequest();
  return (
    <Stack spacing={2}>
      <VideoRatings videoUrl={video.url} email={email} requestEmail={requestEmail} />
      <Divider />
      <VideoNotes
        video={{ id: video.id, title: video.youtube_titre }}
        currentSecond={playback.currentSecond}
        seekTo={playback.seekTo}
      />
      {emailPopin}
    </Stack>
  );
}
