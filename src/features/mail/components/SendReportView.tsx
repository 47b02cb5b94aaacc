import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectCanSend } from '../../../shared/session';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { appConfig } from '../../../shared/config/appConfig';
import { apiUrl } from '../../../shared/config/hosts';
import { formatDateTimeIn } from '../../../shared/lib/dates';
import { frConsole } from '../../../shared/i18n/frConsole';
import type { Column } from '../../../shared/ui/DataTable';
import { InMemoryDataTable } from '../../../shared/ui/InMemoryDataTable';
import { followDownload } from '../../../shared/lib/download';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { sendOutcomesCsvPath, useGetSendReportQuery, useSendOutcomesDownloadLinkMutation } from '../api';
import { rate } from '../rates';
import type { SendReport } from '../types';
import { SendTimeline } from './SendTimeline';

const t = frConsole.sendReport;
const POLL_MS = 5000;
const at = (iso: string) => formatDateTimeIn(iso, appConfig.timezone);

type Problem = { email: string; kind: string; reason: string; at: string };

const linkColumns: Column<SendReport['links'][number]>[] = [
  // Addresses are long: they wrap rather than widen the table past a phone's screen.
  { key: 'url', label: t.link, text: (row) => row.url, render: (row) => <Box sx={{ wordBreak: 'break-all' }}>{row.url}</Box> },
  { key: 'clicks', label: t.linkClicks, text: (row) => String(row.clicks) },
  { key: 'contacts', label: t.linkContacts, text: (row) => String(row.contacts) },
];

type Post = NonNullable<SendReport['posts']>[string] & { channel: string };
const postColumns: Column<Post>[] = [
  { key: 'channel', label: t.postChannel, text: (row) => t.postChannels[row.channel] ?? row.channel },
  { key: 'status', label: t.postState, text: (row) => t.postStatus[row.status] ?? row.status },
  {
    key: 'answer',
    label: t.postAnswer,
    text: (row) => (row.ok ? `${row.id ?? ''} ${row.text ?? ''}`.trim() : (row.error ?? '')),
    render: (row) => <Box sx={{ wordBreak: 'break-word' }}>{row.ok ? `${row.id ?? ''} ${row.text ?? ''}`.trim() : (row.error ?? '')}</Box>,
  },
];

const problemColumns: Column<Problem>[] = [
  { key: 'email', label: t.email, text: (row) => row.email },
  { key: 'kind', label: t.kind, text: (row) => t.kinds[row.kind] ?? row.kind },
  { key: 'reason', label: t.reason, text: (row) => row.reason },
  { key: 'at', label: 'Date', text: (row) => at(row.at), sortText: (row) => row.at },
];

const ampColumns: Column<NonNullable<SendReport['ampErrors']>[number]>[] = [
  { key: 'rule', label: t.ampRule, text: (row) => row.rule },
  { key: 'line', label: t.ampLine, text: (row) => `${row.line}:${row.column}`, sortText: (row) => String(row.line).padStart(7, '0') },
  { key: 'message', label: t.ampMessage, text: (row) => row.message },
];

function Figure({ label, count, share }: { label: string; count: number; share?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 110, flex: '1 1 110px' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {count}
      </Typography>
      {share !== undefined && <Typography variant="body2">{t.rate(share)}</Typography>}
    </Paper>
  );
}

/** A send's report: figures with rates, timeline, links, failures and bounces, CSV export. */
export function SendReportView({ sendId }: { sendId: number }) {
  const { data: report, error, isLoading } = useGetSendReportQuery(sendId, { pollingInterval: POLL_MS });
  const [outcomesLink, exporting] = useSendOutcomesDownloadLinkMutation();
  const canSend = useSelector(selectCanSend);
  const [feedback, setFeedback] = useState<FeedbackMessage | null>(null);
  if (isLoading) return <LinearProgress aria-label={t.figures} />;
  if (error || !report) return <Alert severity="error">{error ? errorMessage(error) : t.notFound}</Alert>;

  const problems: Problem[] = [
    ...report.failures.map((failure) => ({ ...failure, kind: 'failed' })),
    ...report.bounces.map((bounce) => ({ email: bounce.email, kind: bounce.kind, reason: `${bounce.status} ${bounce.reason}`.trim(), at: bounce.at })),
  ];
  const onExport = async () => {
    setFeedback(null);
    try {
      const { token } = await outcomesLink(sendId).unwrap();
      followDownload(apiUrl(sendOutcomesCsvPath(sendId, token)));
    } catch (failure) {
      setFeedback({ severity: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2">
          {t.title(report.label)}
        </Typography>
        <Typography>{t.summary(report.version, report.listSubject, at(report.created))}</Typography>
        <Typography>{frConsole.deliveries.progress.status[report.status as keyof typeof frConsole.deliveries.progress.status] ?? report.status}</Typography>
        {report.status === 'scheduled' && report.sendAt && <Typography>{t.scheduledFor(at(report.sendAt))}</Typography>}
      </Box>
      <Box component="section" aria-label={t.figures}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Figure label={t.figure.total} count={report.total} />
          <Figure label={t.figure.sent} count={report.sent} />
          <Figure label={t.figure.failed} count={report.failed} share={rate(report.failed, report.total)} />
          <Figure label={t.figure.bounced} count={report.bounced} share={rate(report.bounced, report.sent)} />
          <Figure label={t.figure.opened} count={report.opened} share={rate(report.opened, report.sent)} />
          <Figure label={t.figure.clicked} count={report.clicked} share={rate(report.clicked, report.sent)} />
          <Figure label={t.figure.unsubscribed} count={report.unsubscribed} share={rate(report.unsubscribed, report.sent)} />
        </Stack>
        {report.machineOpened > 0 && <Typography variant="body2">{t.machineOpens(report.machineOpened)}</Typography>}
      </Box>
      <Box component="section" aria-label={t.timeline}>
        <Typography variant="h6" component="h2">
          {t.timeline}
        </Typography>
        <SendTimeline timeline={report.timeline} />
      </Box>
      <Box component="section" aria-label={t.links}>
        <Typography variant="h6" component="h2">
          {t.links}
        </Typography>
        {report.links.length === 0 ? (
          <Alert severity="info">{t.noLinks}</Alert>
        ) : (
          <InMemoryDataTable label={t.links} columns={linkColumns} rows={report.links} rowKey={(row) => row.url} />
        )}
      </Box>
      {report.posts && Object.keys(report.posts).length > 0 && (
        <Box component="section" aria-label={t.posts}>
          <Typography variant="h6" component="h2">
            {t.posts}
          </Typography>
          <InMemoryDataTable
            label={t.posts}
            columns={postColumns}
            rows={Object.entries(report.posts).map(([channel, post]) => ({ ...post, channel }))}
            rowKey={(row) => row.channel}
          />
        </Box>
      )}
      {report.ampErrors && report.ampErrors.length > 0 && (
        <Box component="section" aria-label={t.ampErrors}>
          <Typography variant="h6" component="h2">
            {t.ampErrors}
          </Typography>
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t.ampErrorsIntro}
          </Alert>
          <InMemoryDataTable
            label={t.ampErrors}
            columns={ampColumns}
            rows={report.ampErrors}
            rowKey={(row) => `${row.line}:${row.column}:${row.rule}`}
          />
        </Box>
      )}
      <Box component="section" aria-label={t.failures}>
        <Typography variant="h6" component="h2">
          {t.failures}
        </Typography>
        {problems.length === 0 ? (
          <Alert severity="info">{t.noFailures}</Alert>
        ) : (
          <InMemoryDataTable label={t.failures} columns={problemColumns} rows={problems} rowKey={(row) => `${row.kind}-${row.email}-${row.at}`} />
        )}
      </Box>
      <Box>
        {canSend && (
          <Button variant="outlined" onClick={() => void onExport()} disabled={exporting.isLoading}>
            {t.exportCsv}
          </Button>
        )}
        <Feedback message={feedback} />
      </Box>
    </Stack>
  );
}
