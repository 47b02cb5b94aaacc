import { Paper, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { LoginForm } from '../../features/auth';
import { fr } from '../../shared/i18n/fr';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <Paper sx={{ p: 4, maxWidth: 420, mx: 'auto', mt: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {fr.auth.loginTitle}
      </Typography>
      <LoginForm onSuccess={() => navigate('/influenceur', { replace: true })} />
    </Paper>
  );
}
