import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectCanSend } from '../../../shared/session';
import { Box, Button, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { appConfig } from '../../../shared/config/appConfig';
import { formatDateTimeIn } from '../../../shared/lib/dates';
import { frConsole } from '../../../shared/i18n/frConsole';
import { deliveriesApi, useChangeSendStatusMutation, useGetSendQuery } from '../api';
import type { SendStatus } from '../types';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ErrorAlert } from './ErrorAlert';
import { RescheduleDialog } from './RescheduleDialog';

const POLL_MS = 1000;
const PLANNED_POLL_MS = 30_000;
const FINAL: SendStatus[] = ['completed', 'cancelled'];
const t = frConsole.deliveries.progress;

/** A send's progress, polled until it is over: sent, failed, pending, failures with their reason. */
export function SendProgress({ sendId }: { sendId: number }) {
  const { data: cached } = deliveriesApi.endpoints.getSend.useQueryState(sendId);
  const over = cached !== undefined && FINAL.includes(cached.status);
  // A planned send may wait for days: looked at now and then until it starts.
  const planned = cached?.status === 'scheduled';
  const { data: send, error } = useGetSendQuery(sendId, { pollingInterval: over ? 0 : planned ? PLANNED_POLL_MS : POLL_MS });
  const [changeStatus, change] = useChangeSendStatusMutation();
  const canSend = useSelector(selectCanSend);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);

  if (error) return <ErrorAlert error={error} />;
  if (!send) return <LinearProgress aria-label={t.label} />;
  const done = send.sent + send.failed + send.skipped + send.cancelled;
  const percent = send.total === 0 ? 100 : Math.round((done / send.total) * 100);
  const act = (action: 'pause' | 'resume' | 'cancel') => void changeStatus({ id: send.id, action });

  return (
    <Box data-testid={`send-${send.id}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <LinearProgress variant="determinate" value={percent} aria-label={t.label} sx={{ flexGrow: 1, height: 8 }} />
        <Typography variant="body2" component="span">
          {percent} %
        </Typography>
      </Stack>
      <Typography variant="body2">
        {t.status[send.status]} · {t.counts(send.sent, send.total, send.failed, send.pending)}
      </Typography>
      {send.status === 'scheduled' && send.sendAt && (
        <Typography variant="body2">{frConsole.sendReport.scheduledFor(formatDateTimeIn(send.sendAt, appConfig.timezone))}</Typography>
      )}
      {send.skipped > 0 && <Typography variant="body2">{t.skipped(send.skipped)}</Typography>}
      {!over && canSend && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {send.status === 'running' && (
            <Button size="small" onClick={() => act('pause')} disabled={change.isLoading}>
              {t.pause}
            </Button>
          )}
          {send.status === 'paused' && (
            <Button size="small" onClick={() => act('resume')} disabled={change.isLoading}>
              {t.resume}
            </Button>
          )}
          {send.status === 'scheduled' && (
            <Button size="small" onClick={() => setRescheduling(true)} disabled={change.isLoading}>
              {frConsole.reschedule.open}
            </Button>
          )}
          <Button size="small" color="error" onClick={() => setConfirmingCancel(true)} disabled={change.isLoading}>
            {t.cancel}
          </Button>
        </Stack>
      )}
      {rescheduling && <RescheduleDialog send={send} onClose={() => setRescheduling(false)} />}
      <ConfirmDialog
        open={confirmingCancel}
        title={t.cancelTitle}
        text={t.cancelText}
        onConfirm={() => {
          setConfirmingCancel(false);
          act('cancel');
        }}
        onCancel={() => setConfirmingCancel(false)}
      />
      {send.failures && send.failures.length > 0 && (
        <List dense aria-label={t.failures}>
          {send.failures.map((failure) => (
            <ListItem key={failure.email} disableGutters>
              <ListItemText primary={failure.email} secondary={failure.reason} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
