import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { Feedback, useNotify, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { useGetContactQuery, useUpdateContactMutation } from '../api';
import type { AttribValue, Contact } from '../types';

type Field = 'firstname' | 'lastname' | 'phone';
const FIELDS: Field[] = ['firstname', 'lastname', 'phone'];

/** What an edited attribute's text becomes: the kind it had (a number stays a number when it still reads as one). */
function attribValueOf(text: string, was: AttribValue | undefined): AttribValue {
  if (typeof was === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (typeof was === 'boolean' && /^(oui|non|true|false)$/i.test(text.trim())) return /^(oui|true)$/i.test(text.trim());
  return text;
}

const attribText = (value: AttribValue) => (value === true ? frConsole.contacts.attribTrue : value === false ? frConsole.contacts.attribFalse : String(value));

/** The attributes' patch: changed values, removed names as null, the new one. */
function attribsPatch(before: Record<string, AttribValue>, edited: Record<string, string>, added: { name: string; value: string }) {
  const patch: Record<string, AttribValue | null> = {};
  for (const [name, value] of Object.entries(before)) {
    if (!(name in edited)) patch[name] = null;
    else if (edited[name] !== attribText(value)) patch[name] = attribValueOf(edited[name], value);
  }
  if (added.name.trim()) patch[added.name.trim()] = added.value;
  return patch;
}

/** Edits a contact's names, phone and attributes; its e-mail is who they are in the list. */
export function ContactEditDialog({ contact, listId, onClose }: { contact: Contact; listId: number; onClose: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    firstname: contact.firstname ?? '',
    lastname: contact.lastname ?? '',
    phone: contact.phone ?? '',
  });
  const before = contact.attribs ?? {};
  const [attribs, setAttribs] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(before).map(([name, value]) => [name, attribText(value)])));
  const [added, setAdded] = useState({ name: '', value: '' });
  const [error, setError] = useState<FeedbackMessage | null>(null);
  const [update, { isLoading }] = useUpdateContactMutation();
  const notify = useNotify();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const patch = attribsPatch(before, attribs, added);
      const saved = await update({ id: contact.id, grp: listId, patch: { ...values, ...(Object.keys(patch).length ? { attribs: patch } : {}) } }).unwrap();
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
          <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
            <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
              {frConsole.contacts.attribs}
            </Typography>
            {Object.entries(attribs).map(([name, value]) => (
              <Stack key={name} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField size="small" fullWidth label={name} value={value} onChange={(event) => setAttribs({ ...attribs, [name]: event.target.value })} />
                <Button
                  size="small"
                  aria-label={frConsole.contacts.attribRemove(name)}
                  onClick={() => setAttribs(Object.fromEntries(Object.entries(attribs).filter(([other]) => other !== name)))}
                >
                  {frConsole.contacts.attribRemoveShort}
                </Button>
              </Stack>
            ))}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField size="small" label={frConsole.contacts.attribNew} value={added.name} onChange={(event) => setAdded({ ...added, name: event.target.value })} />
              <TextField size="small" label={frConsole.contacts.attribNewValue} value={added.value} onChange={(event) => setAdded({ ...added, value: event.target.value })} />
            </Stack>
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
