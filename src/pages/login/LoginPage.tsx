import { useState } from 'react';
import { Button, Divider, Paper, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import { ForgotPasswordForm, LoginForm } from '../../features/auth';
import { fr } from '../../shared/i18n/fr';
import { frPasswordReset } from '../../shared/i18n/frPasswordReset';

export function LoginPage() {
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  // Only a path of this app: never another site (`//host`, `/\host`).
  const back = typeof from === 'string' && /^\/(?![/\\])/.test(from) ? from : '/influenceur';
  const [forgotten, setForgotten] = useState(false);
  return (
    <Paper sx={{ p: 4, maxWidth: 420, mx: 'auto', mt: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {fr.auth.loginTitle}
      </Typography>
      <LoginForm onSuccess={() => navigate(back, { replace: true })} />
      <Divider sx={{ my: 2 }} />
      {forgotten ? (
        <ForgotPasswordForm />
      ) : (
        <Button variant="text" onClick={() => setForgotten(true)}>
          {frPasswordReset.forgot}
        </Button>
      )}
    </Paper>
  );
}
