import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, IconButton, Stack } from '@mui/material';
import { fr } from '../../shared/i18n/fr';

export type Notice = { kind: 'signedUp'; email: string } | { kind: 'forgotten' };

/** What just happened on a public page (signed up, forgotten), until dismissed. */
export function FrameNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <Alert
      severity="success"
      role="status"
      sx={{ mb: 3 }}
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {notice.kind === 'signedUp' && (
            <Button color="inherit" size="small" component={RouterLink} to="/userPage" onClick={onDismiss}>
              {fr.space.goToSpace}
            </Button>
          )}
          <IconButton color="inherit" size="small" aria-label={fr.space.dismiss} onClick={onDismiss}>
            ×
          </IconButton>
        </Stack>
      }
    >
      {notice.kind === 'signedUp' ? fr.space.signedUp(notice.email) : fr.space.forgotten}
    </Alert>
  );
}
