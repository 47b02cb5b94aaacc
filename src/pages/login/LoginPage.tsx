import { Paper, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoginForm } from '../../features/auth';
import { fr } from '../../shared/i18n/fr';

export function LoginPage() {
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  // Only a path of this app: never another site (`//host`, `/\host`).
  const back = typeof from === 'string' && /^\/(?![/\\])/.test(from) ? from : '/influenceur';
  return (
    <Paper sx={{ p: 4, maxWidth: 420, mx: 'auto', mt: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {fr.auth.loginTitle}
      </Typography>
      <LoginForm onSuccess={() => navigate(back, { replace: true })} />
    </Paper>
  );
}
