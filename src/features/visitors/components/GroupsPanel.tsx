import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, FormGroup, FormLabel, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frComeBack } from '../../../shared/i18n/frComeBack';
import { useDeleteGroupeMutation, usePutGroupeMutation, type VisitorProfile } from '../api';

/** Names groups of followed creators (a creator may be in several), and deletes them. */
export function GroupsPanel({ token, profile }: { token: string; profile: VisitorProfile }) {
  const [putGroupe, putting] = usePutGroupeMutation();
  const [deleteGroupe] = useDeleteGroupeMutation();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const chaines = profile.liste?.chaines ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const groupName = name.trim();
    if (!groupName) return;
    try {
      await putGroupe({ token, name: groupName, chaines: chosen }).unwrap();
      setMessage({ ok: true, text: frComeBack.groupSaved(groupName) });
      setName('');
      setChosen([]);
    } catch (failure) {
      setMessage({ ok: false, text: errorMessage(failure) });
    }
  };

  const edit = (groupName: string) => {
    setName(groupName);
    setChosen(profile.groupes.find((g) => g.name === groupName)?.chaines ?? []);
  };

  return (
    <Stack spacing={1} component="section" aria-label={frComeBack.groupsTitle}>
      <Typography variant="subtitle1" component="h3">
        {frComeBack.groupsTitle}
      </Typography>
      {profile.groupes.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {frComeBack.noGroup}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {profile.groupes.map((groupe) => (
            <Chip
              key={groupe.name}
              label={`${groupe.name} (${groupe.chaines.length})`}
              onClick={() => edit(groupe.name)}
              onDelete={() => void deleteGroupe({ token, name: groupe.name }).unwrap().catch((failure: unknown) => setMessage({ ok: false, text: errorMessage(failure) }))}
              deleteIcon={
                <Box component="span" role="button" aria-label={frComeBack.deleteGroup(groupe.name)} sx={{ px: 0.5 }}>
                  ×
                </Box>
              }
            />
          ))}
        </Stack>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={1}>
          <TextField label={frComeBack.groupName} size="small" value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 60 } }} sx={{ maxWidth: 320 }} />
          <FormLabel component="legend">{frComeBack.groupChannels}</FormLabel>
          <FormGroup row>
            {chaines.map((chaine) => (
              <FormControlLabel
                key={chaine.id}
                label={chaine.name}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.includes(chaine.id)}
                    onChange={(e) => setChosen((ids) => (e.target.checked ? [...ids, chaine.id] : ids.filter((id) => id !== chaine.id)))}
                  />
                }
              />
            ))}
          </FormGroup>
          <Box>
            <Button type="submit" variant="outlined" disabled={putting.isLoading || !name.trim()}>
              {frComeBack.saveGroup}
            </Button>
          </Box>
        </Stack>
      </Box>
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
    </Stack>
  );
}
