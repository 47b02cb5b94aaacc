import { Alert, Button } from '@mui/material';
import { useSelector } from 'react-redux';
import { Link as RouterLink } from 'react-router-dom';
import { SendingDomainView } from '../../features/mail';
import { frConsole } from '../../shared/i18n/frConsole';
import { selectIsAdmin } from '../../shared/session';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/** The sending domain's DNS records, at `/influenceur/domaine` (admins, docs/architecture.md, «Signing and the sending domain»). */
export default function SendingDomainPage() {
  const admin = useSelector(selectIsAdmin);
  return (
    <BackOfficeFrame title={frConsole.sendingDomain.title}>
      <Button component={RouterLink} to="/influenceur" sx={{ mb: 2 }}>
        {frConsole.sendReport.back}
      </Button>
      {admin ? <SendingDomainView /> : <Alert severity="info">{frConsole.sendingDomain.adminOnly}</Alert>}
    </BackOfficeFrame>
  );
}
