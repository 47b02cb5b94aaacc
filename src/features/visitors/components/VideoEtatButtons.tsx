import { Button } from '@mui/material';
import { useSelector } from 'react-redux';
import { frComeBack } from '../../../shared/i18n/frComeBack';
import { useSetVideoEtatMutation, useVisitorProfile } from '../api';
import { selectVisitorToken } from '../selectors';

/**
 * 'Plus tard' and 'Masquer' for a video, kept on the server for the visitor (every device);
 * nothing for a browser without a visitor token. Their names do not repeat the video's title:
 * the card around them says which video, and the card's own button keeps the title to itself.
 */
export function VideoEtatButtons({ videoId }: { videoId: string }) {
  const token = useSelector(selectVisitorToken);
  return token ? <EtatControl videoId={videoId} /> : null;
}

function EtatControl({ videoId }: { videoId: string }) {
  const { token, profile } = useVisitorProfile();
  const [setEtat, setting] = useSetVideoEtatMutation();
  if (!token || !profile) return null;
  const later = profile.plusTard.includes(videoId);
  const hidden = profile.masquees.includes(videoId);
  const run = (etat: 'plus tard' | 'masquée' | null) => {
    setEtat({ token, videoId, etat })
      .unwrap()
      .catch((error: unknown) => console.error('Video state failure', error));
  };
  const laterLabel = later ? frComeBack.unsaveLater : frComeBack.saveLater;
  const hideLabel = hidden ? frComeBack.unhide : frComeBack.hide;
  return (
    <>
      <Button size="small" disabled={setting.isLoading} aria-pressed={later} onClick={() => run(later ? null : 'plus tard')}>
        {laterLabel}
      </Button>
      <Button size="small" disabled={setting.isLoading} aria-pressed={hidden} onClick={() => run(hidden ? null : 'masquée')}>
        {hideLabel}
      </Button>
    </>
  );
}
