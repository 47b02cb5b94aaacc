import { Alert, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { frConsole } from '../../../shared/i18n/frConsole';
import { useGetSendsQuery } from '../api';
import { SendProgress } from './SendProgress';

/** The sends of a list or of a delivery, newest first, each with its progress. */
export function SendHistory({ filter }: { filter: { list: number } | { delivery: number } }) {
  const { data: sends, isLoading } = useGetSendsQuery(filter);
  if (isLoading) return null;
  if (!sends || sends.length === 0) return <Alert severity="info">{frConsole.deliveries.noSends}</Alert>;
  return (
    <List aria-label={frConsole.deliveries.history}>
      {sends.map((send) => (
        <ListItem key={send.id} disableGutters>
          <Stack sx={{ width: '100%' }}>
            <Typography variant="subtitle2">
              {/* docs/architecture.md, «Console addresses»: a send's report has its own address. */}
              <Link component={RouterLink} to={`/influenceur/envois/${send.id}`}>
                {frConsole.deliveries.progress.title(send.label, send.version, send.listSubject, formatFrenchDate(send.created))}
              </Link>
            </Typography>
            <SendProgress sendId={send.id} />
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}

/** The sends made to a list, for the list editor's Workflow tab. */
export function ListSends({ listId }: { listId: number }) {
  return <SendHistory filter={{ list: listId }} />;
}
