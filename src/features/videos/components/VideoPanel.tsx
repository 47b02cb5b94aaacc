import type { ReactNode } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Link, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { cardDate } from '../lib/cardText';
import type { Video } from '../types';
import { VideoThumbnail } from './VideoThumbnail';

/** The player's size (spec §9). */
export const PLAYER_WIDTH = 640;
export const PLAYER_HEIGHT = 390;

interface Props {
  /** The video shown; null keeps the panel closed. */
  video: Video | null;
  onClose: () => void;
  /** The right-hand side (ratings, notes, sharing), composed by the page from other features. */
  renderSide?: (video: Video) => ReactNode;
}

/**
 * The video detail panel of spec §2.4, opened from a card: the player's place on the left,
 * the page's side content on the right. Until the player lands, it shows the video's image
 * and a link to it on YouTube.
 */
export function VideoPanel({ video, onClose, renderSide }: Props) {
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
                <VideoThumbnail src={video.img_lien} alt={video.youtube_titre} width={PLAYER_WIDTH} />
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {video.youtube_name} · {cardDate(video.created)}
                </Typography>
                <Link href={video.url} target="_blank" rel="noopener noreferrer">
                  {fr.videos.watchOnYoutube}
                </Link>
              </Box>
              {renderSide && <Box sx={{ flex: 1, minWidth: 280 }}>{renderSide(video)}</Box>}
            </Box>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
