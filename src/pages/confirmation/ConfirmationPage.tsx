import { useDispatch } from 'react-redux';
import { useParams } from 'react-router-dom';
import { ConfirmationPanel, type ConfirmationResult } from '../../features/confirmations';
import { signedUp } from '../../features/visitors';
import { PublicFrame } from '../public/PublicFrame';

/** `/confirmation/{token}`: the page a confirmation message links to. */
export function ConfirmationPage() {
  const { token = '' } = useParams();
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
