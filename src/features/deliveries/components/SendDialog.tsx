import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { useGetListChoicesQuery, useStartSendMutation } from '../api';
import type { Delivery } from '../types';
import { ErrorAlert } from './ErrorAlert';
import { SendProgress } from './SendProgress';

const t = fr.deliveries.send;

/** Envoyer: choose a list, confirm, send; then follow the send until it completes. */
export function SendDialog({ delivery, onClose }: { delivery: Delivery; onClose: () => void }) {
  const { data: lists = [] } = useGetListChoicesQuery(delivery.user);
  const [listId, setListId] = useState<number | ''>(delivery.properties.listId ?? '');
  const [confirming, setConfirming] = useState(false);
  const [startSend, { data: started, error, isLoading }] = useStartSendMutation();
  const list = lists.find((choice) => choice.id === listId);

  return (
    <Dialog open onClose={onClose} aria-labelledby="send-title" fullWidth maxWidth="sm">
      <DialogTitle id="send-title">{t.title}</DialogTitle>
      <DialogContent>
        {started ? (
          <SendProgress sendId={started.id} />
        ) : confirming && list ? (
          <Typography>{t.confirm(delivery.label || delivery.internalname, delivery.version, list.subject)}</Typography>
        ) : lists.length === 0 ? (
          <Alert severity="info">{t.noList}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            label={t.chooseList}
            value={list ? listId : ''}
            onChange={(e) => setListId(Number(e.target.value))}
            sx={{ mt: 1 }}
          >
            {lists.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.subject}
              </MenuItem>
            ))}
          </TextField>
        )}
        <ErrorAlert error={error} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        {started ? (
          <Button onClick={onClose}>{fr.deliveries.actions.close}</Button>
        ) : confirming && list ? (
          <>
            <Button onClick={() => setConfirming(false)}>{t.cancel}</Button>
            <Button
              variant="contained"
              disabled={isLoading}
              onClick={() => void startSend({ delId: delivery.id, listId: list.id })}
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
