import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { SequenceEditor } from '../../../shared/ui/SequenceEditor';
import { useCreateDiscoursMutation, useUpdateDiscoursMutation } from '../api';
import type { Discours, DiscoursDraft } from '../types';

interface Props {
  /** The speech to edit; none creates one ('Nouveau thème'). */
  discours?: Discours;
  onClose: () => void;
}

/** The speech editor: name, label and its key/value sequence. */
export function DiscoursEditor({ discours, onClose }: Props) {
  const [draft, setDraft] = useState<DiscoursDraft>(
    discours ? { name: discours.name, label: discours.label, sequence: discours.sequence } : { name: '', label: '', sequence: [] },
  );
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [create, creating] = useCreateDiscoursMutation();
  const [update, updating] = useUpdateDiscoursMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = { ...draft, name: draft.name.trim() };
    try {
      if (discours) await update({ id: discours.id, patch: values }).unwrap();
      else await create({ ...values, origin: 'console' }).unwrap();
      onClose();
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="discours-editor-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="discours-editor-title">{discours ? frConsole.discours.editTitle(discours.label || discours.name) : frConsole.discours.newTheme}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Stack direction="row" spacing={2}>
              <TextField
                label={frConsole.discours.name}
                required
                value={draft.name}
                onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <TextField
                label={frConsole.discours.label}
                value={draft.label}
                onChange={(event) => setDraft({ ...draft, label: event.target.value })}
                sx={{ flexGrow: 1 }}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </Stack>
            <SequenceEditor
              items={draft.sequence}
              onChange={(sequence) => setDraft({ ...draft, sequence })}
              profil="influenceur"
              label={frConsole.lists.tabs.sequence}
            />
          </Stack>
          <Feedback message={result} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{fr.common.cancel}</Button>
          <Button type="submit" variant="contained" disabled={!draft.name.trim() || creating.isLoading || updating.isLoading}>
            {fr.common.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
