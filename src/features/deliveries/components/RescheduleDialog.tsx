import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, useMediaQuery, useTheme } from '@mui/material';
import { appConfig } from '../../../shared/config/appConfig';
import { formatDateTimeIn, wallClockIn } from '../../../shared/lib/dates';
import { frConsole } from '../../../shared/i18n/frConsole';
import { useNotify } from '../../../shared/ui/Feedback';
import { useRescheduleSendMutation } from '../api';
import type { Send } from '../types';
import { ErrorAlert } from './ErrorAlert';

const t = frConsole.reschedule;

/**
 * Moves a planned send: the date and time are entered and shown in TIMEZONE (not the browser's
 * zone), and sent as that wall-clock time for the server to read there.
 */
export function RescheduleDialog({ send, onClose }: { send: Pick<Send, 'id' | 'sendAt'>; onClose: () => void }) {
  const [sendAt, setSendAt] = useState(() => wallClockIn(send.sendAt, appConfig.timezone));
  const [reschedule, { isLoading, error, reset }] = useRescheduleSendMutation();
  const notify = useNotify();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const moved = await reschedule({ id: send.id, sendAt }).unwrap().catch(() => null);
    if (!moved) return;
    notify({ severity: 'success', text: t.saved(formatDateTimeIn(moved.sendAt, appConfig.timezone)) });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`reschedule-${send.id}`} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <form onSubmit={(event) => void submit(event)}>
        <DialogTitle id={`reschedule-${send.id}`}>{t.title}</DialogTitle>
        <DialogContent>
          <TextField
            type="datetime-local"
            label={t.sendAt(appConfig.timezone)}
            required
            fullWidth
            value={sendAt}
            onChange={(event) => {
              setSendAt(event.target.value);
              reset();
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ mt: 1 }}
          />
          <ErrorAlert error={error} sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={isLoading || !sendAt}>
            {t.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
