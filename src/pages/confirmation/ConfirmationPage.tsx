import { useParams } from 'react-router-dom';
import { ConfirmationPanel } from '../../features/confirmations';
import { PublicFrame } from '../public/PublicFrame';

/** `/confirmation/{token}`: the page a confirmation message links to. */
export function ConfirmationPage() {
  const { token = '' } = useParams();
  return (
    <PublicFrame>
      <ConfirmationPanel token={token} />
    </PublicFrame>
  );
}
