import { useState } from 'react';
import { styled } from '@mui/material/styles';
import { fr } from '../../../shared/i18n/fr';

interface Props {
  src?: string | null;
  alt: string;
  /** 320x180 on cards (spec §9); larger in the panel. */
  width?: number;
}

// Styled once here rather than through `sx` at each render: every card of the grid shows one.
// The palette's action colours keep the placeholder readable in light and dark modes alike.
const Image = styled('img')(({ theme }) => ({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  backgroundColor: theme.palette.action.selected,
}));

const Placeholder = styled('div')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  aspectRatio: '16 / 9',
  color: theme.palette.text.secondary,
  backgroundColor: theme.palette.action.selected,
}));

/** The video's image, or 'Image non disponible' when there is none or it fails to load. */
export function VideoThumbnail({ src, alt, width = 320 }: Props) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <Placeholder style={{ maxWidth: width }}>{fr.videos.noImage}</Placeholder>;
  return (
    <Image
      src={src}
      alt={alt}
      width={width}
      height={Math.round((width * 9) / 16)}
      loading="lazy"
      onError={() => setFailed(true)}
      style={{ maxWidth: width }}
    />
  );
}
