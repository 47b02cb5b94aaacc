import { Button } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { useLogout } from '../useLogout';

export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button color="inherit" onClick={logout}>
      {fr.auth.logout}
    </Button>
  );
}
