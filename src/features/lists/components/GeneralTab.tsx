import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { Box, Button, Divider, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { frConsole } from '../../../shared/i18n/frConsole';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectIsAdmin } from '../../../shared/session';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { Hinted } from '../../../shared/ui/Hinted';
import { useGetListCountsQuery, useUpdateListMutation } from '../api';
import type { List } from '../types';
import { AddContactForm } from './AddContactForm';
import { ContactsImport } from './ContactsImport';
import { DeleteListButton } from './DeleteListButton';
import { RefreshDataButton } from './RefreshDataButton';

/** General: the subject, the counts and last change, and the list's actions. */
export function GeneralTab({ list, onDeleted, contactsHref }: { list: List; onDeleted: () => void; contactsHref?: string }) {
  const [subject, setSubject] = useState(list.subject);
  const [adding, setAdding] = useState(false);
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const { data: counts } = useGetListCountsQuery(list.id);
  const [update, { isLoading }] = useUpdateListMutation();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update({ id: list.id, patch: { subject: subject.trim() } }).unwrap();
      setResult({ severity: 'success', text: fr.common.saved });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  const admin = useSelector(selectIsAdmin);

  const toggle = async (patch: { doubleOptIn: boolean } | { publicDefault: boolean }) => {
    try {
      await update({ id: list.id, patch }).unwrap();
      setResult({ severity: 'success', text: fr.common.saved });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Stack spacing={2}>
      <Box component="form" noValidate onSubmit={save}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label={frConsole.lists.subject}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            sx={{ flexGrow: 1 }}
          />
          <Button type="submit" variant="contained" disabled={isLoading || !subject.trim()}>
            {fr.common.save}
          </Button>
        </Stack>
        <Feedback message={result} />
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={!!list.doubleOptIn}
              disabled={isLoading}
              slotProps={{ input: { 'aria-describedby': 'double-opt-in-help' } }}
              onChange={(event) => void toggle({ doubleOptIn: event.target.checked })}
            />
          }
          label={frConsole.lists.doubleOptIn}
        />
        <Typography id="double-opt-in-help" variant="body2" color="text.secondary">
          {frConsole.lists.doubleOptInHelp}
        </Typography>
      </Box>
      {admin && (
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={!!list.publicDefault}
                disabled={isLoading}
                slotProps={{ input: { 'aria-describedby': 'public-default-help' } }}
                onChange={(event) => void toggle({ publicDefault: event.target.checked })}
              />
            }
            label={frConsole.lists.publicDefault}
          />
          <Typography id="public-default-help" variant="body2" color="text.secondary">
            {frConsole.lists.publicDefaultHelp}
          </Typography>
        </Box>
      )}
      <Box aria-label={frConsole.lists.tabs.general} role="group">
        <Typography>{frConsole.lists.count(counts?.count ?? 0)}</Typography>
        <Typography>{frConsole.lists.countStart(counts?.countStart ?? 0)}</Typography>
        <Typography>{frConsole.lists.lastModifiedOn(formatFrenchDate(list.lastModified))}</Typography>
      </Box>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
        {contactsHref && (
          <Hinted hint={frConsole.contacts.openHint}>
            <Button variant="contained" component={RouterLink} to={contactsHref}>
              {frConsole.contacts.open}
            </Button>
          </Hinted>
        )}
        <Button variant="outlined" onClick={() => setAdding(!adding)} aria-expanded={adding}>
          {frConsole.lists.addContact}
        </Button>
        <RefreshDataButton listId={list.id} />
        <DeleteListButton list={list} onDeleted={onDeleted} />
      </Stack>
      {adding && <AddContactForm list={list} />}
      <Divider />
      <ContactsImport listId={list.id} />
    </Stack>
  );
}
