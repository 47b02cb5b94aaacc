import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frPersonnes } from '../../../shared/i18n/frPersonnes';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { saveJson } from '../saveJson';

const t = frPersonnes.mine;

export interface MyDataActionsProps {
  /** Fetches the person's export (the visitor's space, a contact's preference page). */
  onDownload: () => Promise<unknown>;
  /** Asks for the erasure: the server mails a link whose page confirms it (a POST). */
  onRequestErasure: () => Promise<unknown>;
}

/**
 * The person's own rights (issue 38): "Télécharger mes données" saves the same JSON as an admin's
 * export; "Effacer mes données", after Oui/Non, has a message sent whose link confirms. The page
 * that composes it gives the two calls (the visitor's space, the preference page).
 */
export function MyDataActions({ onDownload, onRequestErasure }: MyDataActionsProps) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Under the buttons: public pages have no corner notifications.
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const notify = setResult;

  const download = async () => {
    setBusy(true);
    setResult(null);
    try {
      saveJson('mes-donnees.json', await onDownload());
      notify({ severity: 'success', text: t.downloaded });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setBusy(false);
  };

  const erase = async () => {
    setBusy(true);
    try {
      await onRequestErasure();
      notify({ severity: 'success', text: t.requested });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setBusy(false);
    setConfirming(false);
  };

  return (
    <section aria-label={t.title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t.title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" disabled={busy} onClick={() => void download()}>
          {t.download}
        </Button>
        <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirming(true)}>
          {t.erase}
        </Button>
      </Stack>
      <Feedback message={result} />
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        text={t.confirmText}
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
