import { Alert, AlertTitle, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frConsole } from '../../../shared/i18n/frConsole';
import type { Column } from '../../../shared/ui/DataTable';
import { useNotify } from '../../../shared/ui/Feedback';
import { InMemoryDataTable } from '../../../shared/ui/InMemoryDataTable';
import { useGetSendingDomainQuery } from '../api';
import type { DnsRecord } from '../types';

const t = frConsole.sendingDomain;

type Row = DnsRecord & { record: 'DKIM' | 'SPF' | 'DMARC' };

const STATUS_COLOR = { ok: 'success', différent: 'error', absent: 'default', injoignable: 'default' } as const;

const columns: Column<Row>[] = [
  { key: 'record', label: t.record, text: (row) => row.record },
  // Names and values are long: they wrap rather than widen the table past a phone's screen.
  { key: 'name', label: t.name, text: (row) => row.name, render: (row) => <Box sx={{ wordBreak: 'break-all' }}>{row.name}</Box> },
  { key: 'type', label: t.type, text: (row) => row.type },
  {
    key: 'value',
    label: t.value,
    text: (row) => row.value || t.noValue,
    render: (row) => (
      <Box component="code" sx={{ wordBreak: 'break-all', fontSize: '0.8rem' }}>
        {row.value || t.noValue}
      </Box>
    ),
  },
  {
    key: 'status',
    label: t.status,
    text: (row) => t.statuses[row.status] ?? row.status,
    render: (row) => <Chip size="small" variant="outlined" color={STATUS_COLOR[row.status]} label={t.statuses[row.status] ?? row.status} />,
  },
];

/** The sending domain (`GET /api/mail/domain`): the DNS records to publish, their state, and what follows from them. */
export function SendingDomainView() {
  const { data: domain, error, isFetching, refetch } = useGetSendingDomainQuery();
  const notify = useNotify();
  if (!domain && isFetching) return <LinearProgress aria-label={t.records} />;
  if (error || !domain) return <Alert severity="error">{errorMessage(error)}</Alert>;

  const refresh = (
    <Button variant="outlined" onClick={() => void refetch()} disabled={isFetching}>
      {t.refresh}
    </Button>
  );
  if (!domain.publishable || !domain.dkim || !domain.spf || !domain.dmarc) {
    // No zone can hold this domain: records for it would only mislead.
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
          <AlertTitle component="h2">{t.notPublishable.title}</AlertTitle>
          <Typography>{t.notPublishable.body(domain.domain)}</Typography>
          {domain.reason && <Typography sx={{ mt: 1 }}>{domain.reason}</Typography>}
        </Alert>
        {refresh}
      </Stack>
    );
  }
  const rows: Row[] = [
    { record: 'DKIM', ...domain.dkim },
    { record: 'SPF', ...domain.spf },
    { record: 'DMARC', ...domain.dmarc },
  ];
  const unreachable = rows.some((row) => row.status === 'injoignable');
  const copy = async (row: Row) => {
    try {
      await navigator.clipboard.writeText(row.value);
      notify({ severity: 'success', text: t.copied(row.record) });
    } catch {
      notify({ severity: 'error', text: t.copyFailed });
    }
  };
  const bounce =
    domain.bounceDomain === null
      ? t.bounce.none
      : domain.bounceAligned
        ? t.bounce.aligned(domain.bounceDomain)
        : t.bounce.notAligned(domain.bounceDomain);

  return (
    <Stack spacing={2}>
      <Typography>{t.intro(domain.domain)}</Typography>
      <Typography>{t.signing[domain.signing](domain.selector)}</Typography>
      <Box component="section" aria-label={t.records}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t.records}
          </Typography>
          {refresh}
        </Stack>
        {isFetching && <LinearProgress aria-label={t.refresh} />}
        {unreachable && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t.unreachable}
          </Alert>
        )}
        <InMemoryDataTable
          label={t.records}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.record}
          actionsLabel={t.copyButton}
          actions={(row) =>
            row.value ? (
              <Button size="small" aria-label={t.copy(row.record)} onClick={() => void copy(row)}>
                {t.copyButton}
              </Button>
            ) : null
          }
        />
      </Box>
      {domain.spfSource === 'mx' && <Alert severity="warning">{t.spfFromMx}</Alert>}
      <Alert severity={domain.bounceAligned === false ? 'warning' : 'info'}>{bounce}</Alert>
      {!unreachable && <Alert severity={domain.ampVisible ? 'success' : 'warning'}>{domain.ampVisible ? t.ampVisible : t.ampHidden}</Alert>}
    </Stack>
  );
}
