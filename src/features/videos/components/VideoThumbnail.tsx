import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';

interface Props {
  src?: string | null;
  alt: string;
  /** 320x180 on cards (spec §9); larger in the panel. */
  width?: number;
}

/** The video's image, or 'Image non disponible' when there is none or it fails to load. */
export function VideoThumbnail({ src, alt, width = 320 }: Props) {
  const [failed, setFailed] = useState(false);
  // The palette's action colours keep the placeholder readable in light and dark modes alike.
  const frame = { display: 'block', width: '100%', maxWidth: width, aspectRatio: '16 / 9', bgcolor: 'action.selected' };
  if (!src || failed) {
    return (
      <Box sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {fr.videos.noImage}
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      width={width}
      height={Math.round((width * 9) / 16)}
      loading="lazy"
      onError={() => setFailed(true)}
      sx={{ ...frame, height: 'auto', objectFit: 'cover' }}
    />
  );
}
