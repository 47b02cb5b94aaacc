import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery, useTheme } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { Feedback, useNotify, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useUpdateContactMutation } from '../api';
import type { Contact } from '../types';

type Field = 'firstname' | 'lastname' | 'phone';
const FIELDS: Field[] = ['firstname', 'lastname', 'phone'];

/** Edits a contact's names and phone; its e-mail is who they are in the list. */
export function ContactEditDialog({ contact, listId, onClose }: { contact: Contact; listId: number; onClose: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    firstname: contact.firstname ?? '',
    lastname: contact.lastname ?? '',
    phone: contact.phone ?? '',
  });
  const [error, setError] = useState<FeedbackMessage | null>(null);
  const [update, { isLoading }] = useUpdateContactMutation();
  const notify = useNotify();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await update({ id: contact.id, grp: listId, patch: values }).unwrap();
      notify({ severity: 'success', text: fr.contacts.saved(saved.email) });
      onClose();
    } catch (failure) {
      setError({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="contact-edit-title">
      <form noValidate onSubmit={save}>
        <DialogTitle id="contact-edit-title">{fr.contacts.editTitle(contact.email)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map((field, index) => (
              <TextField
                key={field}
                autoFocus={index === 0}
                size="small"
                label={fr.contacts[field]}
                value={values[field]}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
            ))}
          </Stack>
          <Feedback message={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{fr.common.close}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {fr.common.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
