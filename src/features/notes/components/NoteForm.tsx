import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';

/** The textarea 'Votre message': a blank message shows 'Veuillez remplir ce champ.' (spec §5); a saved one clears it. */
export function NoteForm({ onSave }: { onSave: (message: string) => void }) {
  const [message, setMessage] = useState('');
  const [blank, setBlank] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setBlank(true);
      return;
    }
    onSave(message);
    setMessage('');
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
        />
        <Button type="submit" variant="contained">
          {fr.notes.add}
        </Button>
      </Stack>
    </Box>
  );
}
