import { Stack, Typography } from '@mui/material';
import { ChannelList, useGetCreatorsQuery, useListVideos } from '../../features/videos';
import { FollowButton, MyListPanel, useVisitorListe } from '../../features/visitors';
import { fr } from '../../shared/i18n/fr';
import { PublicFrame } from '../public/PublicFrame';
import { PublicVideoBrowser } from '../public/PublicVideoBrowser';
import { usePublicPopins } from '../public/publicPopins';

function UserPageContent() {
  const { openSignup } = usePublicPopins();
  const { liste } = useVisitorListe();
  const { data: creators = [] } = useGetCreatorsQuery();
  // The visitor's own list once they have one, else the home's.
  const { videos, isLoading } = useListVideos(liste?.name ?? creators[0]?.name);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {fr.public.userPageTitle}
      </Typography>
      <MyListPanel onSignup={openSignup} />
      {liste && (
        <ChannelList
          title={fr.public.followedChannels}
          chaines={liste.chaines}
          emptyText={fr.public.noChannel}
          renderActions={(chaine) => <FollowButton channelId={chaine.id} name={chaine.name} place="channel" />}
        />
      )}
      <PublicVideoBrowser videos={videos} isLoading={isLoading} />
    </Stack>
  );
}

/** The visitor's page: their list, following, and its video grid. */
export function UserPage() {
  return (
    <PublicFrame>
      <UserPageContent />
    </PublicFrame>
  );
}
