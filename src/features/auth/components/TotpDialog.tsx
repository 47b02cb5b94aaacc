import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frTotp as t } from '../../../shared/i18n/frTotp';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useConfirmTotpMutation, useStartTotpMutation } from '../totpApi';
import { RecoveryCodesView, TotpCodeField, TotpSecretView } from './TotpSetupView';

/**
 * « Mon compte » › Double authentification: a new secret (QR code and text), a first code
 * switches it on, and the recovery codes show once.
 */
export function TotpDialog({ onClose }: { onClose: () => void }) {
  const [start, { data: setup, isLoading: starting }] = useStartTotpMutation();
  const [confirm, { data: confirmed, isLoading: confirming }] = useConfirmTotpMutation();
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<FeedbackMessage | null>(null);

  const begin = async () => {
    setResult(null);
    try {
      await start().unwrap();
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!code.trim()) return;
    setResult(null);
    try {
      await confirm({ code: code.trim() }).unwrap();
      setResult({ severity: 'success', text: t.enabled });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="totp-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="totp-title">{t.title}</DialogTitle>
        <DialogContent>
          {confirmed ? (
            <RecoveryCodesView codes={confirmed.recoveryCodes} />
          ) : setup ? (
            <>
              <TotpSecretView secret={setup.secret} qr={setup.qr} />
              <TotpCodeField value={code} onChange={setCode} error={tried && !code.trim() ? t.codeRequired : undefined} />
            </>
          ) : (
            <Typography variant="body2">{t.intro}</Typography>
          )}
          <Feedback message={result} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.close}</Button>
          {!setup && !confirmed && (
            <Button variant="contained" disabled={starting} onClick={() => void begin()}>
              {t.start}
            </Button>
          )}
          {setup && !confirmed && (
            <Button type="submit" variant="contained" disabled={confirming}>
              {t.confirm}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
