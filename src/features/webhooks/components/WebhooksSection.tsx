import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack, TextField, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { SecretCode } from '../../../shared/ui/SecretCode';
import { frWebhooks as t } from '../../../shared/i18n/frWebhooks';
import { formatFrenchDateTime } from '../../../shared/lib/dates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { Column } from '../../../shared/ui/DataTable';
import { Feedback, useNotify, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { InMemoryDataTable } from '../../../shared/ui/InMemoryDataTable';
import { Section } from '../../../shared/ui/Section';
import {
  useAddWebhookMutation,
  useGetWebhookDeliveriesQuery,
  useGetWebhooksQuery,
  useRemoveWebhookMutation,
  useResendWebhookDeliveryMutation,
  useSetWebhookActiveMutation,
} from '../api';
import { WEBHOOK_EVENTS, type Webhook, type WebhookDelivery, type WebhookEvent } from '../types';

const eventsText = (events: readonly string[]) => events.map((event) => t.events[event] ?? event).join(', ');

const webhookColumns: Column<Webhook>[] = [
  { key: 'url', label: t.url, text: (w) => w.url },
  { key: 'events', label: t.eventsColumn, text: (w) => eventsText(w.events) },
  { key: 'active', label: t.active, text: (w) => (w.active ? t.yes : t.no) },
];

/**
 * The webhooks (admins, docs/architecture.md, «Webhooks»): adding one (its secret shown once),
 * switching one off or on, removing one after Oui/Non, and a webhook's last deliveries with
 * their answers and « Renvoyer ».
 */
export function WebhooksSection() {
  const { data: webhooks = [], isFetching } = useGetWebhooksQuery();
  const [setActive] = useSetWebhookActiveMutation();
  const [remove, { isLoading: removeBusy }] = useRemoveWebhookMutation();
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [opened, setOpened] = useState<Webhook | null>(null);
  const notify = useNotify();

  const toggle = async (webhook: Webhook) => {
    try {
      await setActive({ id: webhook.id, active: !webhook.active }).unwrap();
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove(removing.id).unwrap();
      if (opened?.id === removing.id) setOpened(null);
      notify({ severity: 'success', text: t.removed });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
    setRemoving(null);
  };

  return (
    <Section title={t.title}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <AddWebhookForm />
      <Box sx={{ mt: 3 }}>
        <InMemoryDataTable
          label={t.title}
          columns={webhookColumns}
          rows={webhooks}
          rowKey={(w) => w.id}
          loading={isFetching}
          actionsLabel={t.actions}
          actions={(w) => (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button size="small" aria-label={t.showDeliveriesLabel(w.url)} onClick={() => setOpened(w)}>
                {t.showDeliveries}
              </Button>
              <Button size="small" onClick={() => void toggle(w)}>
                {w.active ? t.deactivate : t.activate}
              </Button>
              <Button size="small" color="error" aria-label={t.removeLabel(w.url)} onClick={() => setRemoving(w)}>
                {t.remove}
              </Button>
            </Stack>
          )}
        />
        {!isFetching && webhooks.length === 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t.empty}
          </Typography>
        )}
      </Box>
      {opened && <Deliveries webhook={opened} onClose={() => setOpened(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title={t.confirmTitle}
        text={removing ? t.confirmText(removing.url) : ''}
        busy={removeBusy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Section>
  );
}

/** A new webhook: its URL and events; the secret the answer carries is shown here, once. */
function AddWebhookForm() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [invalid, setInvalid] = useState<{ url: boolean; events: boolean }>({ url: false, events: false });
  const [result, setResult] = useState<FeedbackMessage | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [add, { isLoading }] = useAddWebhookMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    setSecret(null);
    const address = url.trim();
    const next = { url: !/^https?:\/\/\S+$/i.test(address), events: events.length === 0 };
    setInvalid(next);
    if (next.url || next.events) return;
    try {
      const created = await add({ url: address, events }).unwrap();
      setUrl('');
      setEvents([]);
      setSecret(created.secret);
      setResult({ severity: 'success', text: t.add.added(created.url) });
    } catch (failure) {
      setResult({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t.add.title}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t.add.title}
      </Typography>
      <TextField
        size="small"
        required
        type="url"
        name="url"
        label={t.add.url}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={invalid.url}
        helperText={invalid.url ? t.add.urlInvalid : undefined}
        sx={{ width: '100%', maxWidth: 520 }}
      />
      <FormControl component="fieldset" error={invalid.events} sx={{ display: 'block', mt: 1 }}>
        <FormLabel component="legend">{t.add.events}</FormLabel>
        <FormGroup row>
          {WEBHOOK_EVENTS.map((name) => (
            <FormControlLabel
              key={name}
              label={t.events[name]}
              control={
                <Checkbox
                  checked={events.includes(name)}
                  onChange={(event) => setEvents(event.target.checked ? [...events, name] : events.filter((e) => e !== name))}
                />
              }
            />
          ))}
        </FormGroup>
        {invalid.events && <FormHelperText>{t.add.eventsMissing}</FormHelperText>}
      </FormControl>
      <Button type="submit" variant="contained" disabled={isLoading} sx={{ mt: 1 }}>
        {t.add.submit}
      </Button>
      <Feedback message={result} />
      {secret && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          <strong>{t.add.secretTitle}</strong> : <SecretCode testId="webhook-secret">{secret}</SecretCode>
          <br />
          {t.add.secretText}
        </Alert>
      )}
    </Box>
  );
}

/** A webhook's last deliveries, their answers, and « Renvoyer ». */
function Deliveries({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const { data = [], isFetching } = useGetWebhookDeliveriesQuery(webhook.id);
  const [resend] = useResendWebhookDeliveryMutation();
  const notify = useNotify();
  const answerOf = (d: WebhookDelivery) =>
    [d.lastStatus === null ? null : `HTTP ${d.lastStatus}`, d.lastError, d.lastAnswer].filter(Boolean).join(' — ');
  const columns: Column<WebhookDelivery>[] = [
    { key: 'createdAt', label: t.deliveries.createdAt, text: (d) => formatFrenchDateTime(d.createdAt), sortText: (d) => d.createdAt },
    { key: 'type', label: t.deliveries.type, text: (d) => t.events[d.type] ?? d.type },
    { key: 'status', label: t.deliveries.status, text: (d) => t.deliveries.statuses[d.status] ?? d.status },
    { key: 'attempts', label: t.deliveries.attempts, text: (d) => String(d.attempts) },
    { key: 'answer', label: t.deliveries.answer, text: answerOf },
  ];
  const again = async (d: WebhookDelivery) => {
    try {
      await resend({ webhook: webhook.id, delivery: d.id }).unwrap();
      notify({ severity: 'success', text: t.deliveries.resent });
    } catch (failure) {
      notify({ severity: 'error', text: errorMessage(failure) });
    }
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {t.deliveries.title(webhook.url)}
        </Typography>
        <Button size="small" onClick={onClose}>
          {t.deliveries.close}
        </Button>
      </Stack>
      <InMemoryDataTable
        label={t.deliveries.title(webhook.url)}
        columns={columns}
        rows={data}
        rowKey={(d) => d.id}
        loading={isFetching}
        actionsLabel={t.actions}
        actions={(d) => (
          <Button size="small" aria-label={t.deliveries.resendLabel(d.eventId)} disabled={d.status === 'sending'} onClick={() => void again(d)}>
            {t.deliveries.resend}
          </Button>
        )}
      />
      {!isFetching && data.length === 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t.deliveries.empty}
        </Typography>
      )}
    </Box>
  );
}
