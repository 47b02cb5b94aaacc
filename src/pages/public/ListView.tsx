import { Stack, Typography } from '@mui/material';
import { ChannelList, CreatorShortcuts, useGetCreatorsQuery, useListVideos, type Chaine } from '../../features/videos';
import { FollowButton } from '../../features/visitors';
import { fr } from '../../shared/i18n/fr';
import { NotFoundNotice } from './NotFoundNotice';
import { PublicVideoBrowser } from './PublicVideoBrowser';

const followAction = (chaine: Chaine) => <FollowButton channelId={chaine.id} name={chaine.name} place="channel" />;

/**
 * The list view of spec §2.1: shortcut tiles to the creators' lists, the list's followed
 * channels (or 'Aucune chaîne suivie'), and its latest videos; a name no list has is 'introuvable'.
 */
export function ListView({ theme, heading }: { theme: string | undefined; heading: 'h1' | 'h2' }) {
  const { data: creators = [] } = useGetCreatorsQuery();
  const { videos, chaines, liste, isLoading, notFound } = useListVideos(theme);
  const name = liste?.name ?? theme ?? '';
  if (notFound) return <NotFoundNotice title={fr.space.listNotFoundTitle} text={fr.space.listNotFound(name)} />;
  return (
    <Stack spacing={3}>
      <Typography variant={heading === 'h1' ? 'h4' : 'h5'} component={heading}>
        {fr.public.listeTitle(name)}
      </Typography>
      {liste && liste.hashtags.length > 0 && <Typography color="secondary">{liste.hashtags.join(' ')}</Typography>}
      <CreatorShortcuts creators={creators} />
      <ChannelList title={fr.public.followedChannels} chaines={chaines} emptyText={fr.public.noChannel} renderActions={followAction} />
      <PublicVideoBrowser videos={videos} isLoading={isLoading} showViews />
    </Stack>
  );
}
