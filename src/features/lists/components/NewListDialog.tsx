import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useCreateListMutation } from '../api';
import type { List } from '../types';

/** 'Nouvelle liste': a subject, then the new list opens in its editor. */
export function NewListDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (list: List) => void }) {
  const [subject, setSubject] = useState('');
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [create, { isLoading }] = useCreateListMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onCreated(await create({ subject: subject.trim() }).unwrap());
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-list-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="new-list-title">{frConsole.lists.newList}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={frConsole.lists.subject}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Feedback message={result} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{fr.common.cancel}</Button>
          <Button type="submit" variant="contained" disabled={isLoading || !subject.trim()}>
            {frConsole.lists.newList}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
