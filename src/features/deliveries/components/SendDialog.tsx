import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { useGetActiveContactCountQuery, useStartSendMutation, type ListChoice } from '../api';
import type { Delivery } from '../types';
import { ErrorAlert } from './ErrorAlert';
import { ListField, useActiveList, useHasLists } from './ListField';
import { SendProgress } from './SendProgress';

const t = frConsole.deliveries.send;

/**
 * Envoyer: choose a list, confirm (the version, its subject and how many contacts will receive
 * it: the active ones not on the suppression list), send; then follow the send until it completes.
 */
export function SendDialog({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  const hasLists = useHasLists(delivery.user);
  const planned = useActiveList(delivery.properties.listId);
  const [chosen, setChosen] = useState<ListChoice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [startSend, { data: started, error, isLoading }] = useStartSendMutation();
  const list = chosen ?? planned;
  const confirmingList = confirming && list ? list : null;
  const { data: counted, isFetching: counting } = useGetActiveContactCountQuery(confirmingList?.id ?? 0, {
    skip: !confirmingList,
    refetchOnMountOrArgChange: true,
  });
  const recipients = counted?.recipients;

  return (
    <Dialog open onClose={onClose} aria-labelledby="send-title" fullWidth maxWidth="sm">
      <DialogTitle id="send-title">{t.title}</DialogTitle>
      <DialogContent>
        {started ? (
          <SendProgress sendId={started.id} />
        ) : confirmingList ? (
          <Stack spacing={1}>
            <Typography>{t.confirm(delivery.label || delivery.internalname, delivery.version, confirmingList.subject)}</Typography>
            <Typography>{t.subjectLine(delivery.subject)}</Typography>
            {recipients === undefined || counting ? (
              <Typography color="text.secondary">{t.counting}</Typography>
            ) : (
              <>
                <Typography sx={{ fontWeight: 'bold' }}>{t.recipients(recipients, confirmingList.subject)}</Typography>
                {counted?.suppressed ? <Typography>{t.suppressed(counted.suppressed)}</Typography> : null}
              </>
            )}
          </Stack>
        ) : hasLists === false ? (
          <Alert severity="info">{t.noList}</Alert>
        ) : (
          <Box sx={{ mt: 1 }}>
            <ListField userId={delivery.user} label={t.chooseList} value={list} onChange={setChosen} fullWidth />
          </Box>
        )}
        <ErrorAlert error={error} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        {started ? (
          <Button onClick={onClose}>{frConsole.deliveries.actions.close}</Button>
        ) : confirmingList ? (
          <>
            <Button onClick={() => setConfirming(false)}>{t.cancel}</Button>
            <Button
              variant="contained"
              // Not before the count is known, nor to nobody.
              disabled={isLoading || counting || !recipients}
              onClick={() => void startSend({ delId: delivery.id, listId: confirmingList.id })}
            >
              {t.confirmButton}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t.cancel}</Button>
            <Button variant="contained" disabled={!list} onClick={() => setConfirming(true)}>
              {t.next}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
