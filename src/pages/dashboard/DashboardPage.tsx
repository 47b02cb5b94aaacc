import { useState } from 'react';
import { Button, Card, CardActions, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PROFILES, type Profile } from '../../shared/config/profiles';
import { frConsole } from '../../shared/i18n/frConsole';
import { LatestSends } from '../../features/mail';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

const PANELS: Partial<Record<Profile, { title: string; text: string; console?: boolean }>> = {
  influenceur: { title: frConsole.dashboard.influenceurPanel, text: frConsole.dashboard.influenceurText, console: true },
  survivalisme: { title: frConsole.dashboard.survivalismePanel, text: frConsole.dashboard.survivalismeText },
};

function ProfilePanel({ profile }: { profile: Profile }) {
  const panel = PANELS[profile];
  if (!panel) return <Typography>{frConsole.dashboard.noPanel}</Typography>;
  return (
    <Card component="section" aria-label={panel.title}>
      <CardContent>
        <Typography variant="h5" component="h2">
          {panel.title}
        </Typography>
        <Typography>{panel.text}</Typography>
      </CardContent>
      {panel.console && (
        <CardActions>
          <Button component={RouterLink} to="/influenceur" variant="contained">
            {frConsole.dashboard.openConsole}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** The profile selector of spec §2.1; influenceur is the profile the console serves. */
export default function DashboardPage() {
  const [profile, setProfile] = useState<Profile>('influenceur');
  return (
    <BackOfficeFrame title={frConsole.dashboard.title}>
      <TextField
        select
        label={frConsole.dashboard.profile}
        value={profile}
        onChange={(e) => setProfile(e.target.value as Profile)}
        sx={{ minWidth: 240, mb: 3 }}
      >
        {PROFILES.map((p) => (
          <MenuItem key={p.value} value={p.value}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      <ProfilePanel profile={profile} />
      <LatestSends />
    </BackOfficeFrame>
  );
}
