import { Button } from '@mui/material';
import { useSelector } from 'react-redux';
import { fr } from '../../../shared/i18n/fr';
import { useSetVideoEtatMutation, useVisitorProfile } from '../api';
import { selectVisitorToken } from '../selectors';

/**
 * 'Plus tard' and 'Masquer' for a video, kept on the server for the visitor (every device);
 * nothing for a browser without a visitor token.
 */
export function VideoEtatButtons({ videoId, title }: { videoId: string; title: string }) {
  const token = useSelector(selectVisitorToken);
  return token ? <EtatControl videoId={videoId} title={title} /> : null;
}

function EtatControl({ videoId, title }: { videoId: string; title: string }) {
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
  const laterLabel = later ? fr.comeBack.unsaveLater : fr.comeBack.saveLater;
  const hideLabel = hidden ? fr.comeBack.unhide : fr.comeBack.hide;
  return (
    <>
      <Button size="small" disabled={setting.isLoading} aria-pressed={later} aria-label={`${laterLabel} : ${title}`} onClick={() => run(later ? null : 'plus tard')}>
        {laterLabel}
      </Button>
      <Button size="small" disabled={setting.isLoading} aria-pressed={hidden} aria-label={`${hideLabel} : ${title}`} onClick={() => run(hidden ? null : 'masquée')}>
        {hideLabel}
      </Button>
    </>
  );
}
