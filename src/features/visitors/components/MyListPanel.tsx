import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { fr } from '../../../shared/i18n/fr';
import { useCreateListeMutation, useFollowMutation, useVisitorListe } from '../api';
import { SubscriptionsTransfer } from './SubscriptionsTransfer';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : fr.errors.network);

/** One text field and a button; the server's refusal shows under it. */
function OneFieldForm({ label, help, submitLabel, onSubmit }: {
  label: string;
  help?: string;
  submitLabel: string;
  onSubmit: (value: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value.trim());
      setValue('');
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField label={label} helperText={help} value={value} onChange={(e) => setValue(e.target.value)} size="small" sx={{ minWidth: { sm: 320 } }} />
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

const STEPS = [fr.space.stepSignup, fr.space.stepCreateList, fr.space.stepFollow, fr.space.stepWatch];

/** The four steps of a visitor's space; the one to do now is marked. */
function Steps({ current }: { current: number }) {
  return (
    <Box component="section" aria-label={fr.space.stepsTitle}>
      <Typography variant="subtitle1" component="h2">
        {fr.space.stepsTitle}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {STEPS.map((step, index) => (
          <Typography
            component="li"
            key={step}
            variant="body2"
            aria-current={index === current ? 'step' : undefined}
            sx={{ fontWeight: index === current ? 700 : 400, color: index < current ? 'text.secondary' : 'text.primary' }}
          >
            {step}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The visitor's own space: the steps to take (sign up, name the list, follow channels), then
 * their list, a way to follow channels by URL, handle or id, and their subscriptions' import
 * and export.
 */
export function MyListPanel({ onSignup }: { onSignup: () => void }) {
  const { token, liste, isLoading, isError } = useVisitorListe();
  const [createListe] = useCreateListeMutation();
  const [follow] = useFollowMutation();

  let content;
  if (!token || isError) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{token ? fr.visitors.unknownToken : fr.visitors.invite}</Typography>
        <Steps current={0} />
        <Button variant="contained" color="secondary" onClick={onSignup}>
          {fr.public.startFree}
        </Button>
      </Stack>
    );
  } else if (isLoading) {
    content = <LinearProgress aria-label="chargement" />;
  } else if (!liste) {
    content = (
      <Stack spacing={2}>
        <Steps current={1} />
        <OneFieldForm
          label={fr.visitors.listName}
          help={fr.visitors.listNameHelp}
          submitLabel={fr.visitors.createList}
          onSubmit={(name) => createListe({ token, name }).unwrap()}
        />
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {fr.visitors.myList(liste.name)}{' '}
          <Link component={RouterLink} to={`/liste/${encodeURIComponent(liste.name)}`} variant="body2">
            {fr.visitors.seeMyList}
          </Link>
        </Typography>
        {liste.chaines.length === 0 && <Steps current={2} />}
        <OneFieldForm label={fr.visitors.followLabel} submitLabel={fr.visitors.follow} onSubmit={(chaine) => follow({ token, chaine }).unwrap()} />
        {liste.chaines.length === 0 && <Typography color="textSecondary">{fr.space.emptyList}</Typography>}
        <SubscriptionsTransfer token={token} listName={liste.name} />
      </Stack>
    );
  }
  return (
    <Paper component="section" aria-label={fr.visitors.panelTitle} variant="outlined" sx={{ p: 2 }}>
      {content}
    </Paper>
  );
}
