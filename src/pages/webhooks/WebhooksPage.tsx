import { useSelector } from 'react-redux';
import { Alert } from '@mui/material';
import { WebhooksSection } from '../../features/webhooks';
import { frWebhooks } from '../../shared/i18n/frWebhooks';
import { selectIsAdmin } from '../../shared/session';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/** `/influenceur/webhooks` (admins, docs/architecture.md, «Webhooks»): the webhooks and their deliveries. */
export default function WebhooksPage() {
  const admin = useSelector(selectIsAdmin);
  return (
    <BackOfficeFrame title={frWebhooks.title}>
      {admin ? <WebhooksSection /> : <Alert severity="info">{frWebhooks.adminOnly}</Alert>}
    </BackOfficeFrame>
  );
}
