import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ConfirmationPanel, type ConfirmationResult } from '../../features/confirmations';
import { signedUp } from '../../features/visitors';
import { PublicFrame } from '../public/PublicFrame';

/** Where the link's token is kept once it has left the address bar. */
interface CarriedToken {
  confirmationToken?: unknown;
}

/**
 * `/confirmation/{token}`: the page a confirmation message links to. The token leaves the
 * address at once (the history entry is replaced by `/confirmation`, the token kept in that
 * entry's state): it is not in the browser's history, a bookmark, a shared address or a
 * Referer, and a reload still finds it (a used link then says so).
 */
export function ConfirmationPage() {
  const { token: fromAddress } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as CarriedToken | null)?.confirmationToken;
  const [token] = useState(() => fromAddress ?? (typeof carried === 'string' ? carried : ''));
  useEffect(() => {
    if (fromAddress) navigate('/confirmation', { replace: true, state: { confirmationToken: fromAddress } });
  }, [fromAddress, navigate]);
  const dispatch = useDispatch();
  // A sign-in link: this browser now holds the visitor's token (a device's own).
  const onConfirmed = (kind: string, result: ConfirmationResult) => {
    if (kind === 'connexion' && typeof result.tokenAc === 'string' && typeof result.email === 'string') {
      dispatch(signedUp({ email: result.email, token: result.tokenAc }));
    }
  };
  return (
    <PublicFrame>
      <ConfirmationPanel token={token} onConfirmed={onConfirmed} />
    </PublicFrame>
  );
}
