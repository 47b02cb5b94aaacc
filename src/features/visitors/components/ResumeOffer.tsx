import { useState } from 'react';
import { Button } from '@mui/material';
import { frHistory } from '../../../shared/i18n/frHistory';
import { useVisitorHistory } from '../spaceApi';
import { resumeSecond } from './historySaving';

interface Props {
  videoId: string;
  seekTo: (seconds: number) => boolean;
}

/**
 * "Reprendre à mm:ss" (issue 42): where the visitor stopped in this video, on whichever device,
 * as the history held it when the panel opened; a click starts the player there.
 */
export function ResumeOffer({ videoId, seekTo }: Props) {
  const { history, isLoading } = useVisitorHistory();
  const [offer, setOffer] = useState<number | null | undefined>(undefined);
  // Read once, when the history first arrives: the saves of this viewing do not move the offer.
  // Setting state while rendering is React's documented way to derive from a changed prop.
  if (offer === undefined && !isLoading) setOffer(resumeSecond(history.find((entry) => entry.videoId === videoId)));
  if (offer === undefined || offer === null) return null;
  return (
    <Button variant="contained" onClick={() => seekTo(offer) && setOffer(null)}>
      {frHistory.resumeAt(offer)}
    </Button>
  );
}
