import { useState } from 'react';
import { useSelector } from 'react-redux';
import { fr } from '../../../shared/i18n/fr';
import { selectSessionUser } from '../../../shared/session';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import { useGetRecipientsQuery } from '../api';
import { displayName, fullName } from '../lib/recipients';
import type { Recipient } from '../types';
import { RecipientSocialDialog } from './RecipientSocialDialog';
import { YoutubeRefreshAll } from './YoutubeRefreshAll';

const columns: Column<Recipient>[] = [
  { key: 'email', label: fr.socialMedia.email, text: (r) => r.email },
  { key: 'name', label: fr.socialMedia.name, text: fullName },
  { key: 'youtube', label: fr.socialMedia.youtube, text: (r) => r.youtubename },
  { key: 'twitter', label: fr.socialMedia.twitter, text: (r) => r.twittername },
];

/** The user's recipients (influencers): their social-media detail, and the list-wide YouTube refresh. */
export function RecipientsSection() {
  const user = useSelector(selectSessionUser);
  const { data: recipients = [], isFetching } = useGetRecipientsQuery(user?.id ?? 0, { skip: !user });
  const [open, setOpen] = useState<Recipient | null>(null);

  return (
    <Section title={fr.socialMedia.title}>
      <YoutubeRefreshAll recipients={recipients} />
      <DataTable
        label={fr.socialMedia.title}
        columns={columns}
        rows={recipients}
        rowKey={(r) => r.id}
        onRowClick={setOpen}
        loading={isFetching}
      />
      {open && <RecipientSocialDialog recipientId={open.id} name={displayName(open)} onClose={() => setOpen(null)} />}
    </Section>
  );
}
