import { useState, type FormEvent } from 'react';
import { Alert, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frHistory } from '../../../shared/i18n/frHistory';
import { useUpdateVisitorMutation, type VisitorProfile } from '../api';

/** One word or phrase a line, blank lines dropped. */
export const wordsOf = (text: string) =>
  text
    .split('\n')
    .map((word) => word.trim())
    .filter(Boolean);

/** The feed's filters (issue 42): shorts, live streams, words of titles. */
export function FeedFiltersSettings({ token, profile }: { token: string; profile: VisitorProfile }) {
  const [update, updating] = useUpdateVisitorMutation();
  const [hideShorts, setHideShorts] = useState(profile.hideShorts);
  const [hideLive, setHideLive] = useState(profile.hideLive);
  const [words, setWords] = useState(profile.hiddenWords.join('\n'));
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      const saved = await update({ token, hideShorts, hideLive, hiddenWords: wordsOf(words) }).unwrap();
      setWords(saved.hiddenWords.join('\n'));
      setOutcome({ ok: true, text: frHistory.filtersSaved });
    } catch (failure) {
      setOutcome({ ok: false, text: errorMessage(failure) });
    }
  };

  return (
    <Stack spacing={1} component="form" noValidate onSubmit={submit} aria-labelledby="feed-filters-title">
      <Typography variant="subtitle1" component="h3" id="feed-filters-title">
        {frHistory.filtersTitle}
      </Typography>
      <Typography variant="body2">{frHistory.filtersIntro}</Typography>
      <FormControlLabel control={<Switch checked={hideShorts} onChange={(e) => setHideShorts(e.target.checked)} />} label={frHistory.hideShorts} />
      <FormControlLabel control={<Switch checked={hideLive} onChange={(e) => setHideLive(e.target.checked)} />} label={frHistory.hideLive} />
      <TextField
        label={frHistory.hiddenWords}
        helperText={frHistory.hiddenWordsHelp}
        multiline
        minRows={2}
        maxRows={8}
        value={words}
        onChange={(e) => setWords(e.target.value)}
      />
      <Button type="submit" variant="outlined" disabled={updating.isLoading} sx={{ alignSelf: 'flex-start' }}>
        {frHistory.saveFilters}
      </Button>
      {outcome && (
        <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
