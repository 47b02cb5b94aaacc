import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { CONTACT_FIELD_MAX, CONTACT_FIELD_MIN } from '../../../shared/config/constants';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { hasLengthBetween, isSimpleEmail } from '../../../shared/lib/validation';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { useAddContactMutation } from '../api';
import type { List } from '../types';

type Field = 'email' | 'firstname' | 'phone';

const LABELS: Record<Field, string> = {
  email: frConsole.lists.contactEmail,
  firstname: frConsole.lists.contactFirstname,
  phone: frConsole.lists.contactPhone,
};

const empty: Record<Field, string> = { email: '', firstname: '', phone: '' };

/** Spec §5: every field required, 4 to 50 characters; the e-mail must also look like one. */
function invalidFields(values: Record<Field, string>): Field[] {
  return (Object.keys(LABELS) as Field[]).filter(
    (field) =>
      !hasLengthBetween(values[field], CONTACT_FIELD_MIN, CONTACT_FIELD_MAX) || (field === 'email' && !isSimpleEmail(values.email)),
  );
}

/** The add-contact form (email, first name, phone) of a list. */
export function AddContactForm({ list }: { list: List }) {
  const [values, setValues] = useState(empty);
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [addContact, { isLoading }] = useAddContactMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = invalidFields(values);
    setInvalid(found);
    setResult(null);
    if (found.length > 0) return;
    const email = values.email.trim();
    try {
      await addContact({
        email,
        firstname: values.firstname.trim(),
        lastname: '',
        phone: values.phone.trim(),
        grp: list.id,
        user: list.user,
        origin: 'console',
      }).unwrap();
      setValues(empty);
      setResult({ severity: 'success', text: frConsole.lists.contactAdded(email) });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={frConsole.lists.addContact}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        {(Object.keys(LABELS) as Field[]).map((field, index) => (
          <TextField
            key={field}
            // The form opens on demand ('Ajouter un contact'): the keyboard lands in it.
            autoFocus={index === 0}
            size="small"
            required
            label={LABELS[field]}
            name={field}
            type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            error={invalid.includes(field)}
            helperText={invalid.includes(field) ? fr.validation.invalid(LABELS[field]) : undefined}
          />
        ))}
        <Button type="submit" variant="contained" disabled={isLoading}>
          {frConsole.lists.addContactSubmit}
        </Button>
      </Stack>
      <Feedback message={result} />
    </Box>
  );
}
