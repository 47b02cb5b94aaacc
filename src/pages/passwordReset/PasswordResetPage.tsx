import { useEffect, useState } from 'react';
import { Paper, Typography } from '@mui/material';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ResetPasswordForm } from '../../features/auth';
import { frPasswordReset as copy } from '../../shared/i18n/frPasswordReset';

/** Where the link's token is kept once it has left the address bar. */
interface CarriedToken {
  resetToken?: unknown;
}

/**
 * `/mot-de-passe/{token}`: the page a reset message links to. As the confirmation page does,
 * the token leaves the address at once (the entry becomes `/mot-de-passe`, the token kept in
 * its state): not in the history, a bookmark or a Referer, and a reload still finds it.
 */
export function PasswordResetPage() {
  const { token: fromAddress } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as CarriedToken | null)?.resetToken;
  const [token] = useState(() => fromAddress ?? (typeof carried === 'string' ? carried : ''));
  useEffect(() => {
    if (fromAddress) navigate('/mot-de-passe', { replace: true, state: { resetToken: fromAddress } });
  }, [fromAddress, navigate]);
  return (
    <Paper sx={{ p: 4, maxWidth: 420, mx: 'auto', mt: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {copy.title}
      </Typography>
      <ResetPasswordForm token={token} />
    </Paper>
  );
}
