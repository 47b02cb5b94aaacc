import { Stack, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { ChannelList, useThemeVideos } from '../../features/videos';
import { FollowButton } from '../../features/visitors';
import { fr } from '../../shared/i18n/fr';
import { PublicFrame } from '../public/PublicFrame';
import { PublicVideoBrowser } from '../public/PublicVideoBrowser';

function ChaineContent({ theme }: { theme: string }) {
  const { videos, chaines, isLoading } = useThemeVideos(theme);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {fr.public.chaineTitle(theme)}
      </Typography>
      <ChannelList
        title={fr.public.themeChannels}
        chaines={chaines}
        emptyText={fr.public.noChannel}
        renderActions={(chaine) => <FollowButton channelId={chaine.id} name={chaine.name} />}
      />
      <PublicVideoBrowser videos={videos} isLoading={isLoading} showViews />
    </Stack>
  );
}

/** /chaine/{theme}: the channels of a theme and their videos. */
export function ChainePage() {
  const { theme = '' } = useParams();
  return (
    <PublicFrame>
      <ChaineContent theme={theme} />
    </PublicFrame>
  );
}
