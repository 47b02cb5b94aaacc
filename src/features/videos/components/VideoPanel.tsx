import { useState, type ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Link, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { cardDate } from '../lib/cardText';
import { PlaybackBridge, type PlaybackControl } from '../player/playback';
import { VideoPlayer } from '../player/VideoPlayer';
import type { Video } from '../types';
import { VideoThumbnail } from './VideoThumbnail';

/** The player's size (spec §9). */
export const PLAYER_WIDTH = 640;
export const PLAYER_HEIGHT = 390;

/** The right-hand side (ratings, notes, sharing), composed by the page from other features. */
export type RenderPanelSide = (video: Video, playback: PlaybackControl) => ReactNode;

interface Props {
  /** The video shown; null keeps the panel closed. */
  video: Video | null;
  /** Where the player starts (the address's `&t=`); null: the beginning. */
  startSecond?: number | null;
  onClose: () => void;
  renderSide?: RenderPanelSide;
}

/**
 * The video detail panel of spec §2.4, opened from a card: the player on the left, the
 * page's side content on the right, which reads the playback time and seeks through
 * `playback`. When the player cannot load, the video's image and link stand in for it.
 */
export function VideoPanel({ video, startSecond = null, onClose, renderSide }: Props) {
  const [playback] = useState(() => new PlaybackBridge());
  return (
    <Dialog open={video !== null} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="video-panel-title">
      {video && (
        <>
          <DialogTitle id="video-panel-title" sx={{ pr: 6 }}>
            {video.youtube_titre}
          </DialogTitle>
          <IconButton aria-label={fr.common.close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
            ×
          </IconButton>
          <DialogContent>
            <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
              <Box component="section" aria-label={video.youtube_titre} sx={{ width: PLAYER_WIDTH, maxWidth: '100%' }}>
                <VideoPlayer
                  key={video.id}
                  bridge={playback}
                  videoId={video.id}
                  startSecond={startSecond}
                  width={PLAYER_WIDTH}
                  height={PLAYER_HEIGHT}
                  fallback={<VideoThumbnail src={video.img_lien} alt={video.youtube_titre} width={PLAYER_WIDTH} />}
                />
                {video.youtube_name && (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    {video.youtube_name} · {cardDate(video.created)}
                  </Typography>
                )}
                <Link href={video.url} target="_blank" rel="noopener noreferrer">
                  {fr.videos.watchOnYoutube}
                </Link>
              </Box>
              {renderSide && (
                <Box key={video.id} sx={{ flex: 1, minWidth: 280 }}>
                  {renderSide(video, playback)}
                </Box>
              )}
            </Box>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
