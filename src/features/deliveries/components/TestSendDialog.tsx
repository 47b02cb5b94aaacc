import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useSelector } from 'react-redux';
import { frConsole } from '../../../shared/i18n/frConsole';
import { selectSessionUser } from '../../../shared/session';
import { useTestSendMutation } from '../api';
import type { DeliveryContent } from '../types';
import { ErrorAlert } from './ErrorAlert';

const t = frConsole.deliveries.testSend;

/** BAT: sends the editor's content to one address, the operator's by default. */
export function TestSendDialog({
  deliveryId,
  content,
  onClose,
}: {
  deliveryId: number;
  content: DeliveryContent;
  onClose: () => void;
}) {
  const user = useSelector(selectSessionUser);
  const [email, setEmail] = useState(user?.username ?? '');
  const [testSend, { isLoading, data, error, reset }] = useTestSendMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void testSend({ ...content, delId: deliveryId, email: email.trim() });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="bat-title" fullWidth maxWidth="sm">
      <form onSubmit={submit}>
        <DialogTitle id="bat-title">{t.title}</DialogTitle>
        <DialogContent>
          <TextField
            label={t.address}
            type="email"
            required
            fullWidth
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              reset();
            }}
            sx={{ mt: 1 }}
          />
          {data && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t.done(data.email)}
            </Alert>
          )}
          <ErrorAlert error={error} sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{frConsole.deliveries.actions.close}</Button>
          <Button type="submit" variant="contained" disabled={isLoading || !email.trim()}>
            {t.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
