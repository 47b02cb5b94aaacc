import { useEffect, useState } from 'react';
import { Paper, Stack, Typography } from '@mui/material';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { MyDataActions } from '../../features/personnes';
import { SubscriptionsPanel, useContactDataMutation, useGetPreferencesQuery, useRequestContactErasureMutation } from '../../features/preferences';
import { frPreferences as copy } from '../../shared/i18n/frPreferences';

/** Where the link's token is kept once it has left the address bar. */
interface CarriedToken {
  preferencesToken?: unknown;
}

/**
 * `/preferences/{token}` (issue 37): the page a message's « Gérer mes abonnements » link opens,
 * without sign-in. As `/mot-de-passe/{token}` does, the token leaves the address at once (the
 * entry becomes `/preferences`, the token kept in its state). The page composes one section per
 * feature that serves the person from this link: their subscriptions first.
 */
export function PreferencesPage() {
  const { token: fromAddress } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as CarriedToken | null)?.preferencesToken;
  const [token] = useState(() => fromAddress ?? (typeof carried === 'string' ? carried : ''));
  // The same query as the subscriptions' (one request): the data section shows for a link that names someone.
  const { data: view } = useGetPreferencesQuery(token, { skip: !token });
  const [contactData] = useContactDataMutation();
  const [requestErasure] = useRequestContactErasureMutation();
  useEffect(() => {
    if (fromAddress) navigate('/preferences', { replace: true, state: { preferencesToken: fromAddress } });
  }, [fromAddress, navigate]);
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, maxWidth: 640, mx: 'auto', mt: { xs: 2, sm: 6 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {copy.title}
      </Typography>
      <Stack spacing={4}>
        <SubscriptionsPanel token={token} />
        {/* A BAT's link names nobody: no data to give or erase. */}
        {view && !view.test && (
          <MyDataActions onDownload={() => contactData(token).unwrap()} onRequestErasure={() => requestErasure(token).unwrap()} />
        )}
      </Stack>
    </Paper>
  );
}
