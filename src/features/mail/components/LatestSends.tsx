import { Alert, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { appConfig } from '../../../shared/config/appConfig';
import { formatDateTimeIn } from '../../../shared/lib/dates';
import { frConsole } from '../../../shared/i18n/frConsole';
import { useGetLatestSendsQuery } from '../api';
import { rate } from '../rates';

const t = frConsole.sendReport;

/** The latest sends with their rates, each opening its report. */
export function LatestSends() {
  const { data: sends, isLoading } = useGetLatestSendsQuery();
  if (isLoading) return null;
  return (
    <section aria-label={t.latest}>
      <Typography variant="h5" component="h2" sx={{ mt: 3 }}>
        {t.latest}
      </Typography>
      {!sends || sends.length === 0 ? (
        <Alert severity="info">{t.noLatest}</Alert>
      ) : (
        <List>
          {sends.map((send) => {
            const shown = `« ${send.label} » → « ${send.listSubject} » · ${formatDateTimeIn(send.created, appConfig.timezone)}`;
            return (
            <ListItem key={send.id} disableGutters>
              <ListItemText
                primary={
                  // The name says what the link does and holds what it shows (axe: label-content-name-mismatch).
                  <Link component={RouterLink} to={`/influenceur/envois/${send.id}`} aria-label={`${t.open(send.label)} : ${shown}`}>
                    {shown}
                  </Link>
                }
                secondary={
                  send.status === 'scheduled' && send.sendAt
                    ? t.scheduledFor(formatDateTimeIn(send.sendAt, appConfig.timezone))
                    : t.latestLine(
                        send.sent,
                        send.total,
                        rate(send.opened, send.sent),
                        rate(send.clicked, send.sent),
                        rate(send.bounced, send.sent),
                      )
                }
              />
            </ListItem>
            );
          })}
        </List>
      )}
    </section>
  );
}
