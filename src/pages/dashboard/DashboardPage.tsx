import { useState } from 'react';
import { Button, Card, CardActions, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PROFILES, type Profile } from '../../shared/config/profiles';
import { fr } from '../../shared/i18n/fr';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

function ProfilePanel({ profile }: { profile: Profile }) {
  if (profile === 'influenceur') {
    return (
      <Card component="section" aria-label={fr.dashboard.influenceurPanel}>
        <CardContent>
          <Typography variant="h5" component="h2">
            {fr.dashboard.influenceurPanel}
          </Typography>
          <Typography>{fr.dashboard.influenceurText}</Typography>
        </CardContent>
        <CardActions>
          <Button component={RouterLink} to="/influenceur" variant="contained">
            {fr.dashboard.openConsole}
          </Button>
        </CardActions>
      </Card>
    );
  }
  if (profile === 'survivalisme') {
    return (
      <Card component="section" aria-label={fr.dashboard.survivalismePanel}>
        <CardContent>
          <Typography variant="h5" component="h2">
            {fr.dashboard.survivalismePanel}
          </Typography>
          <Typography>{fr.dashboard.survivalismeText}</Typography>
        </CardContent>
      </Card>
    );
  }
  return <Typography>{fr.dashboard.noPanel}</Typography>;
}

/** The profile selector of spec §2.1; influenceur is the profile the console serves. */
export default function DashboardPage() {
  const [profile, setProfile] = useState<Profile>('influenceur');
  return (
    <BackOfficeFrame title={fr.dashboard.title}>
      <TextField
        select
        label={fr.dashboard.profile}
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
    </BackOfficeFrame>
  );
}
