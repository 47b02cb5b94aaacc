import { useEffect, useState } from 'react';
import { Paper, Typography } from '@mui/material';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { loggedIn, sessionUserFromToken } from '../../features/auth';
import { AcceptInvitationForm } from '../../features/users';
import { frUsers } from '../../shared/i18n/frUsers';

/** Where the link's token is kept once it has left the address bar. */
interface CarriedToken {
  invitationToken?: unknown;
}

/**
 * `/invitation/{token}`: the page an invitation links to. As the reset page does, the token
 * leaves the address at once (the entry becomes `/invitation`, the token kept in its state).
 * The chosen password accepted, the person is signed in and lands in the console.
 */
export function InvitationPage() {
  const { token: fromAddress } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const carried = (location.state as CarriedToken | null)?.invitationToken;
  const [token] = useState(() => fromAddress ?? (typeof carried === 'string' ? carried : ''));
  useEffect(() => {
    if (fromAddress) navigate('/invitation', { replace: true, state: { invitationToken: fromAddress } });
  }, [fromAddress, navigate]);
  const signedIn = (session: string) => {
    dispatch(loggedIn(sessionUserFromToken(session)));
    navigate('/influenceur', { replace: true });
  };
  return (
    <Paper sx={{ p: 4, maxWidth: 460, mx: 'auto', mt: 6 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {frUsers.invitation.title}
      </Typography>
      <AcceptInvitationForm token={token} onSignedIn={signedIn} />
    </Paper>
  );
}
