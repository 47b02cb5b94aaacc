import { useState } from 'react';
import { Alert, Button, FormControlLabel, LinearProgress, Stack, Switch, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frPreferences as t } from '../../../shared/i18n/frPreferences';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useGetPreferencesQuery, useSetSubscriptionMutation, useUnsubscribeEverythingMutation } from '../api';

/**
 * A message's recipient's subscriptions (issue 37): a switch per list of the sender where their
 * address is a contact, and « Me désabonner de tout ». Every change is a POST of its own.
 */
export function SubscriptionsPanel({ token }: { token: string }) {
  const { data, isLoading, isError } = useGetPreferencesQuery(token, { skip: !token });
  const [setSubscription, { isLoading: changing }] = useSetSubscriptionMutation();
  const [unsubscribeAll, { isLoading: leaving }] = useUnsubscribeEverythingMutation();
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  if (!token || isError) return <Alert severity="error">{t.invalid}</Alert>;
  if (isLoading || !data) return <LinearProgress aria-label={t.loading} />;

  const change = async (grp: number, subject: string, subscribed: boolean) => {
    try {
      await setSubscription({ token, grp, subscribed }).unwrap();
      setStatus({ severity: 'success', text: t.changed(subject, subscribed) });
    } catch (failure) {
      setStatus({ severity: 'error', text: errorMessage(failure) });
    }
  };
  const leaveAll = async () => {
    setAsking(false);
    try {
      await unsubscribeAll(token).unwrap();
      setStatus({ severity: 'success', text: t.allDone });
    } catch (failure) {
      setStatus({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Stack component="section" aria-labelledby="subscriptions-title" spacing={2}>
      <Typography id="subscriptions-title" variant="h6" component="h2">
        {t.title}
      </Typography>
      {data.test && <Alert severity="info">{t.test}</Alert>}
      {!data.test && <Typography variant="body2">{t.intro(data.email)}</Typography>}
      {data.suppressed && <Alert severity="info">{t.suppressed}</Alert>}
      {!data.test && data.lists.length === 0 && <Typography variant="body2">{t.none}</Typography>}
      <Stack>
        {data.lists.map((list) => (
          <FormControlLabel
            key={list.grp}
            label={t.subscribed(list.subject)}
            control={
              <Switch
                checked={list.subscribed}
                disabled={changing || !list.changeable || (data.suppressed && !list.subscribed)}
                onChange={(event) => void change(list.grp, list.subject, event.target.checked)}
              />
            }
          />
        ))}
      </Stack>
      <div role="status" aria-live="polite">
        {status && <Alert severity={status.severity}>{status.text}</Alert>}
      </div>
      {!data.test && !data.suppressed && (
        <Button variant="outlined" color="error" disabled={leaving} onClick={() => setAsking(true)} sx={{ alignSelf: 'flex-start' }}>
          {t.all}
        </Button>
      )}
      <ConfirmDialog open={asking} title={t.allTitle} text={t.allQuestion} onConfirm={() => void leaveAll()} onCancel={() => setAsking(false)} />
    </Stack>
  );
}
