import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Feedback, useNotify, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { useGetContactQuery, useUpdateContactMutation } from '../api';
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
      notify({ severity: 'success', text: frConsole.contacts.saved(saved.email) });
      onClose();
    } catch (failure) {
      setError({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="contact-edit-title">
      <form noValidate onSubmit={save}>
        <DialogTitle id="contact-edit-title">{frConsole.contacts.editTitle(contact.email)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {FIELDS.map((field, index) => (
              <TextField
                key={field}
                autoFocus={index === 0}
                size="small"
                label={frConsole.contacts[field]}
                value={values[field]}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
            ))}
          </Stack>
          <Feedback message={error} />
          <ConsentSection contactId={contact.id} />
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

/**
 * The contact's consent events (docs/architecture.md, «Contacts and consent»), and its data downloadable as JSON for a
 * right-of-access request: made in the browser from what the server answered.
 */
function ConsentSection({ contactId }: { contactId: number }) {
  const { data } = useGetContactQuery(contactId);
  const events = data?.consent ?? [];
  const download = () => {
    if (!data) return;
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `contact-${data.id}-consentement.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Stack component="section" aria-labelledby="contact-consent-title" spacing={1} sx={{ mt: 3 }}>
      <Typography id="contact-consent-title" variant="subtitle1" component="h3">
        {frConsole.contacts.consent}
      </Typography>
      {data && events.length === 0 && <Typography variant="body2">{frConsole.contacts.noConsent}</Typography>}
      {events.length > 0 && (
        <Stack component="ol" aria-label={frConsole.contacts.consent} sx={{ pl: 2.5, my: 0 }}>
          {events.map((event, index) => (
            <Typography component="li" variant="body2" key={index}>
              {formatFrenchDate(event.at)} : {frConsole.contacts.consentLine(event.type, event.source, event.file)}
              {(event.ip || event.userAgent) && ` (${frConsole.contacts.consentClient(event.ip, event.userAgent)})`}
            </Typography>
          ))}
        </Stack>
      )}
      <Button size="small" onClick={download} disabled={!data} sx={{ alignSelf: 'flex-start' }}>
        {frConsole.contacts.consentDownload}
      </Button>
    </Stack>
  );
}
