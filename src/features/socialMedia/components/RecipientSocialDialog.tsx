import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Hinted } from '../../../shared/ui/Hinted';
import { useCheckSocialMediaMutation, useGetSocialMediaQuery } from '../api';
import { XPanel } from './XPanel';
import { YoutubePanel } from './YoutubePanel';

interface Props {
  recipientId: number;
  name: string;
  onClose: () => void;
}

/** A recipient's YouTube and X data as last checked, and 'Vérifier' to check them now. */
export function RecipientSocialDialog({ recipientId, name, onClose }: Props) {
  const { data, error: loadError } = useGetSocialMediaQuery(recipientId);
  const [check, { data: checked, error: checkError, isLoading: checking }] = useCheckSocialMediaMutation();
  const partErrors = checked?.id === recipientId ? checked.errors : {};

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="social-media-title">
      <DialogTitle id="social-media-title">{frConsole.socialMedia.detailTitle(name)}</DialogTitle>
      <DialogContent>
        {[loadError, checkError].filter(Boolean).map((error, i) => (
          <Alert key={i} severity="error" sx={{ mb: 1 }}>
            {errorMessage(error)}
          </Alert>
        ))}
        {partErrors.youtube && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {frConsole.socialMedia.partFailed(frConsole.socialMedia.youtube, partErrors.youtube.message)}
          </Alert>
        )}
        {partErrors.twitter && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {frConsole.socialMedia.partFailed(frConsole.socialMedia.twitter, partErrors.twitter.message)}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
          <YoutubePanel youtube={data?.youtube ?? null} />
          <XPanel twitter={data?.twitter ?? null} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Hinted hint={frConsole.hints.check}>
          <Button variant="contained" onClick={() => check({ id: recipientId })} disabled={checking}>
            {checking ? frConsole.socialMedia.checking : frConsole.socialMedia.check}
          </Button>
        </Hinted>
        <Button onClick={onClose}>{fr.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
