import { Button } from '@mui/material';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { fr } from '../../../shared/i18n/fr';
import { loggedOut } from '../slice';

export function LogoutButton() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return (
    <Button
      color="inherit"
      onClick={() => {
        dispatch(loggedOut());
        navigate('/login', { replace: true });
      }}
    >
      {fr.auth.logout}
    </Button>
  );
}
