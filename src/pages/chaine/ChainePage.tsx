import { Stack, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { ChannelList, useThemeVideos } from '../../features/videos';
import { FollowButton } from '../../features/visitors';
import { fr } from '../../shared/i18n/fr';
import { NotFoundNotice } from '../public/NotFoundNotice';
import { PublicFrame } from '../public/PublicFrame';
import { PublicVideoBrowser } from '../public/PublicVideoBrowser';

function ChaineContent({ theme }: { theme: string }) {
  const { videos, chaines, isLoading, notFound } = useThemeVideos(theme);
  if (notFound) return <NotFoundNotice title={fr.space.themeNotFoundTitle} text={fr.space.themeNotFound(theme)} />;
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {fr.public.chaineTitle(theme)}
      </Typography>
      {/* A theme follows no one: its empty states say that it holds no channel or video yet. */}
      <ChannelList
        title={fr.public.themeChannels}
        chaines={chaines}
        emptyText={fr.space.noThemeChannel}
        renderActions={(chaine) => <FollowButton channelId={chaine.id} name={chaine.name} place="channel" />}
      />
      <PublicVideoBrowser videos={videos} isLoading={isLoading} showViews emptyText={fr.space.noThemeVideo} />
    </Stack>
  );
}

/** /chaine/{theme}: the channels of a theme and their videos; an unknown theme is 'introuvable'. */
export function ChainePage() {
  const { theme = '' } = useParams();
  return (
    <PublicFrame>
      <ChaineContent theme={theme} />
    </PublicFrame>
  );
}
