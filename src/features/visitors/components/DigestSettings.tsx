import { useState } from 'react';
import { Alert, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { appConfig } from '../../../shared/config/appConfig';
import { frComeBack } from '../../../shared/i18n/frComeBack';
import { useUpdateVisitorMutation, type Digest, type VisitorProfile } from '../api';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The digest by e-mail: none, daily or weekly, at an hour of the visitor's choice; the address is confirmed first. */
export function DigestSettings({ token, profile }: { token: string; profile: VisitorProfile }) {
  const [update, updating] = useUpdateVisitorMutation();
  const [error, setError] = useState<string | null>(null);
  const save = async (changes: { digest?: Digest; digestHour?: number }) => {
    setError(null);
    try {
      await update({ token, ...changes }).unwrap();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Stack spacing={1} component="section" aria-label={frComeBack.digestTitle}>
      <Typography variant="subtitle1" component="h3">
        {frComeBack.digestTitle}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="digest-label">{frComeBack.digestLabel}</InputLabel>
          <Select
            labelId="digest-label"
            label={frComeBack.digestLabel}
            value={profile.digest}
            disabled={updating.isLoading}
            onChange={(event) => void save({ digest: event.target.value as Digest })}
          >
            <MenuItem value="aucun">{frComeBack.digestNone}</MenuItem>
            <MenuItem value="quotidien">{frComeBack.digestDaily}</MenuItem>
            <MenuItem value="hebdomadaire">{frComeBack.digestWeekly}</MenuItem>
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="digest-hour-label">{frComeBack.digestHour(appConfig.timezone)}</InputLabel>
          <Select
            labelId="digest-hour-label"
            label={frComeBack.digestHour(appConfig.timezone)}
            value={profile.digestHour}
            disabled={updating.isLoading}
            onChange={(event) => void save({ digestHour: Number(event.target.value) })}
          >
            {HOURS.map((hour) => (
              <MenuItem key={hour} value={hour}>
                {`${String(hour).padStart(2, '0')} h`}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {profile.digest !== 'aucun' && !profile.emailConfirmed && (
        <Alert severity="info" role="status">
          {frComeBack.digestConfirm(profile.email)}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
