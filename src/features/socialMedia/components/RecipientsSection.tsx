import { useSelector } from 'react-redux';
import { frConsole } from '../../../shared/i18n/frConsole';
import { selectSessionUser } from '../../../shared/session';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import type { RecordRouting } from '../../../shared/lib/recordRouting';
import { NotFoundDialog } from '../../../shared/ui/NotFoundDialog';
import { useLocalRouting } from '../../../shared/ui/useLocalRouting';
import { useGetRecipientQuery, useGetRecipientsPageQuery } from '../api';
import { displayName, fullName } from '../lib/recipients';
import type { Recipient } from '../types';
import { RecipientSocialDialog } from './RecipientSocialDialog';
import { YoutubeRefreshAll } from './YoutubeRefreshAll';

const columns: Column<Recipient>[] = [
  { key: 'email', label: frConsole.socialMedia.email, text: (r) => r.email, sortField: 'email' },
  { key: 'name', label: frConsole.socialMedia.name, text: fullName, sortField: 'lastname' },
  { key: 'youtube', label: frConsole.socialMedia.youtube, text: (r) => r.youtubename, sortField: 'youtubename' },
  { key: 'twitter', label: frConsole.socialMedia.twitter, text: (r) => r.twittername, sortField: 'twittername' },
];

/** The user's recipients (influencers): their social-media detail, and the list-wide YouTube refresh. */
export function RecipientsSection({ routing: given }: { routing?: RecordRouting }) {
  const routing = useLocalRouting(given);
  const user = useSelector(selectSessionUser);
  const [query, setQuery] = useTableQuery();
  const { data: page, isFetching } = useGetRecipientsPageQuery({ user: user?.id ?? 0, query }, { skip: !user });

  return (
    <Section title={frConsole.socialMedia.title}>
      {user && <YoutubeRefreshAll user={user.id} hasRecipients={(page?.total ?? 0) > 0} />}
      <DataTable
        label={frConsole.socialMedia.title}
        columns={columns}
        rows={page?.rows ?? []}
        total={page?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(r) => r.id}
        rowHref={(r) => routing.href(r.id)}
        onRowClick={(r) => routing.open(r.id)}
        loading={isFetching}
      />
      {routing.openId !== null && <RecipientByAddress id={routing.openId} onClose={routing.close} />}
    </Section>
  );
}

/** The recipient the address names: their detail, or "introuvable". */
function RecipientByAddress({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: recipient, isError } = useGetRecipientQuery(id);
  if (isError) return <NotFoundDialog text={frConsole.recipientsWorkspace.notFound} onClose={onClose} />;
  if (!recipient) return null;
  return <RecipientSocialDialog recipientId={recipient.id} name={displayName(recipient)} onClose={onClose} />;
}
