import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { frNotebook } from '../../../shared/i18n/frNotebook';
import { formatPlaybackTime, parsePlaybackTime } from '../../../shared/lib/time';
import { NOTE_MAX_CHARS, NOTE_MAX_SECONDS } from '../lib/mergeable';

interface Props {
  time: number;
  description: string;
  onSave: (time: number, description: string) => void;
  onCancel: () => void;
}

/** A note edited in place: its moment (mm:ss) and its text, saved or left as they were. */
export function NoteEditForm({ time, description, onSave, onCancel }: Props) {
  const [text, setText] = useState(description);
  const [moment, setMoment] = useState(formatPlaybackTime(time));
  const [blank, setBlank] = useState(false);
  const [badTime, setBadTime] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = parsePlaybackTime(moment);
    const timeRefused = at === null || at > NOTE_MAX_SECONDS;
    setBadTime(timeRefused);
    setBlank(text.trim() === '');
    if (text.trim() === '' || at === null || timeRefused) return;
    onSave(at, text.trim());
  };

  return (
    <Box component="form" noValidate onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onCancel()}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start', mt: 1 }}>
        <TextField
          label={frNotebook.time}
          name="time"
          size="small"
          value={moment}
          onChange={(event) => {
            setMoment(event.target.value);
            setBadTime(false);
          }}
          error={badTime}
          helperText={badTime ? frNotebook.timeInvalid : undefined}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <TextField
          label={fr.notes.message}
          name="message"
          multiline
          minRows={2}
          fullWidth
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setBlank(false);
          }}
          error={blank}
          helperText={blank ? fr.notes.required : undefined}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX_CHARS } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" size="small">
            {frNotebook.save}
          </Button>
          <Button size="small" color="inherit" onClick={onCancel}>
            {frNotebook.cancel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
