import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frPersonnes } from '../../../shared/i18n/frPersonnes';
import { isSimpleEmail } from '../../../shared/lib/validation';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useNotify } from '../../../shared/ui/Feedback';
import { Section } from '../../../shared/ui/Section';
import { useErasePersonMutation, useExportPersonMutation } from '../api';
import { saveJson } from '../saveJson';

const t = frPersonnes.admin;

/**
 * An admin's answer to a person's request (RGPD art. 15 and 17, issue 38): the address's export as
 * a JSON file, or its erasure from everything after Oui/Non. `initialEmail` fills the field (a
 * contact's page, a visitor's admin view).
 */
export function PersonDataSection({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [exportPerson, { isLoading: exporting }] = useExportPersonMutation();
  const [erasePerson, { isLoading: erasing }] = useErasePersonMutation();
  const notify = useNotify();
  const address = email.trim();

  const valid = () => {
    const ok = isSimpleEmail(address);
    setInvalid(!ok);
    return ok;
  };

  const download = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid()) return;
    try {
      saveJson('donnees-personnelles.json', await exportPerson({ email: address }).unwrap());
      notify({ severity: 'success', text: t.exported });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };

  const erase = async () => {
    try {
      const { tables } = await erasePerson({ email: address }).unwrap();
      notify({ severity: 'success', text: t.erased(Object.values(tables).reduce((sum, n) => sum + n, 0)) });
      setEmail('');
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setConfirming(false);
  };

  return (
    <Section title={t.title}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <Box component="form" noValidate onSubmit={download} aria-label={t.title}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            required
            type="email"
            name="email"
            label={t.email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={invalid}
            helperText={invalid ? t.invalid : undefined}
            sx={{ minWidth: 260 }}
          />
          <Button type="submit" variant="outlined" disabled={exporting}>
            {t.export}
          </Button>
          <Button variant="contained" color="error" disabled={erasing} onClick={() => valid() && setConfirming(true)}>
            {t.erase}
          </Button>
        </Stack>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t.confirmTitle}
        text={t.confirmText(address)}
        busy={erasing}
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
      />
    </Section>
  );
}
