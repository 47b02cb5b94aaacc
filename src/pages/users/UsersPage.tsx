import { Alert } from '@mui/material';
import { useSelector } from 'react-redux';
import { UsersSection } from '../../features/users';
import { frUsers } from '../../shared/i18n/frUsers';
import { selectIsAdmin } from '../../shared/session';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';

/** `/influenceur/utilisateurs` (admins, issue 39): invitations, roles, deactivation, transfer. */
export default function UsersPage() {
  const admin = useSelector(selectIsAdmin);
  return (
    <BackOfficeFrame title={frUsers.title}>
      {admin ? <UsersSection /> : <Alert severity="info">{frUsers.adminOnly}</Alert>}
    </BackOfficeFrame>
  );
}
