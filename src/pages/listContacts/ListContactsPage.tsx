import { Alert, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useSelector } from 'react-redux';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ContactsTable, useGetListCountsQuery, useGetListQuery } from '../../features/lists';
import { frConsole } from '../../shared/i18n/frConsole';
import { frAudit } from '../../shared/i18n/frAudit';
import { selectIsAdmin } from '../../shared/session';
import { BackOfficeFrame } from '../backOffice/BackOfficeFrame';
import { CONSOLE_PATH } from '../influenceur/useConsoleAddress';

/**
 * A list's contacts on a page of their own (`/influenceur/listes/{id}/contacts`,
 * docs/architecture.md, «Console addresses»): the page's whole width for their columns, which
 * the list editor's dialog cut off (issue 41).
 */
export default function ListContactsPage() {
  const raw = useParams().id ?? '';
  // A malformed id reads as an id no list has: "introuvable".
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const { data: list, isError } = useGetListQuery(id, { skip: id === 0 });
  const { data: counts } = useGetListCountsQuery(id, { skip: !list || list.actif === 0 });
  const missing = id === 0 || isError || list?.actif === 0;
  const listHref = `${CONSOLE_PATH}/listes/${id}`;
  const admin = useSelector(selectIsAdmin);
  const navigate = useNavigate();
  // An admin opens a contact's personal data (export, erasure, issue 38) on the audit page: the
  // address travels in the history's state, never in a URL.
  const personalData = (contact: { email: string }) => (
    <Button size="small" aria-label={frAudit.personalDataOf(contact.email)} onClick={() => navigate('/influenceur/audit', { state: { email: contact.email } })}>
      {frAudit.personalData}
    </Button>
  );
  return (
    <BackOfficeFrame title={list && !missing ? frConsole.contacts.pageTitle(list.subject) : frConsole.contacts.title}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'center' }}>
        {!missing && (
          <Button component={RouterLink} to={listHref} variant="outlined">
            {frConsole.contacts.backToList}
          </Button>
        )}
        <Button component={RouterLink} to={CONSOLE_PATH}>
          {frConsole.sendReport.back}
        </Button>
        {counts && !missing && (
          <Typography variant="body2" sx={{ ml: { sm: 'auto' } }}>
            {frConsole.lists.count(counts.count)} · {frConsole.lists.countStart(counts.countStart)}
          </Typography>
        )}
      </Stack>
      {missing ? (
        <Alert severity="warning">{frConsole.lists.notFound}</Alert>
      ) : list ? (
        <ContactsTable listId={list.id} rowExtra={admin ? personalData : undefined} />
      ) : (
        <LinearProgress aria-label={frConsole.contacts.loading} />
      )}
    </BackOfficeFrame>
  );
}
