import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { frNotebook } from '../../../shared/i18n/frNotebook';
import { parsePlaybackTime } from '../../../shared/lib/time';
import { NOTE_MAX_CHARS, NOTE_MAX_SECONDS } from '../lib/mergeable';

/**
 * The textarea 'Votre message': a blank message shows 'Veuillez remplir ce champ.' (spec §5); a
 * saved one clears it. The moment may be typed (mm:ss) when the player cannot tell it (issue 42).
 */
export function NoteForm({ onSave }: { onSave: (message: string, at?: number) => void }) {
  const [message, setMessage] = useState('');
  const [blank, setBlank] = useState(false);
  const [time, setTime] = useState('');
  const [badTime, setBadTime] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = time.trim() ? parsePlaybackTime(time) : undefined;
    const timeRefused = at === null || (at !== undefined && at > NOTE_MAX_SECONDS);
    setBadTime(timeRefused);
    if (message.trim() === '') setBlank(true);
    if (message.trim() === '' || timeRefused) return;
    onSave(message, at ?? undefined);
    setMessage('');
    setTime('');
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={fr.notes.message}
          name="message"
          multiline
          minRows={3}
          fullWidth
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setBlank(false);
          }}
          error={blank}
          helperText={blank ? fr.notes.required : undefined}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX_CHARS } }}
        />
        <TextField
          label={frNotebook.time}
          name="time"
          size="small"
          value={time}
          onChange={(event) => {
            setTime(event.target.value);
            setBadTime(false);
          }}
          error={badTime}
          helperText={badTime ? frNotebook.timeInvalid : frNotebook.timeHelp}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <Button type="submit" variant="contained">
          {fr.notes.add}
        </Button>
      </Stack>
    </Box>
  );
}
