import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { frNewsletter as t } from '../../../shared/i18n/frNewsletter';
import { useGetNewsletterQuery } from '../api';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

/**
 * A sent newsletter as its public page shows it (issue 40): its subject, its date and its HTML
 * part as sent, in a sandboxed frame (no script, no form; its links open in a new tab). What
 * Telegram and X posts and the e-mails' "Voir dans le navigateur" link point to.
 */
export function NewsletterView({ sendId }: { sendId: number }) {
  const { data, isLoading, isError } = useGetNewsletterQuery(sendId, { skip: !Number.isInteger(sendId) || sendId < 1 });
  if (isLoading) return <LinearProgress aria-label={t.loading} />;
  if (isError || !data) return <Alert severity="info">{t.notFound}</Alert>;
  // Links of the letter open outside the frame.
  const html = data.html.includes('<head') ? data.html.replace(/<head([^>]*)>/i, '<head$1><base target="_blank">') : `<base target="_blank">${data.html}`;
  return (
    <Stack spacing={1} sx={{ mb: 4 }} lang={data.lang}>
      <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {data.subject}
      </Typography>
      <Typography color="text.secondary">{t.sentOn(dateFormat.format(new Date(data.sentAt)))}</Typography>
      <Box
        component="iframe"
        title={t.frameTitle(data.subject)}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={html}
        sx={{ width: '100%', minHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#ffffff' }}
      />
    </Stack>
  );
}
