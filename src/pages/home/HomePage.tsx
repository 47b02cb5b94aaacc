import { Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { Stack, Typography } from '@mui/material';
import { CreatorCards, useGetCreatorsQuery, useListVideos, type Video } from '../../features/videos';
import { selectVisitorToken } from '../../features/visitors';
import { lazyPart } from '../../shared/ui/lazyPart';
import { fr } from '../../shared/i18n/fr';
import { PublicFrame } from '../public/PublicFrame';
import { PublicVideoBrowser } from '../public/PublicVideoBrowser';
import { usePublicPopins } from '../public/publicPopins';

// Only a visitor with a space has a history: its row loads with it.
const ResumeRow = lazyPart(() => import(/* webpackChunkName: "resume-row" */ './ResumeRow').then((m) => m.ResumeRow));

function HomeContent() {
  const { openSignup } = usePublicPopins();
  const { data: creators = [] } = useGetCreatorsQuery();
  // The home grid shows the first featured creator's list (spec §9: the home's list is one creator's).
  const { videos, isLoading } = useListVideos(creators[0]?.name);
  const token = useSelector(selectVisitorToken);
  const [resumable, setResumable] = useState<Video[]>([]);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {fr.public.homeTitle}
      </Typography>
      {token && (
        <Suspense fallback={null}>
          <ResumeRow onVideos={setResumable} />
        </Suspense>
      )}
      <CreatorCards creators={creators} onCreateList={openSignup} />
      <Typography variant="h5" component="h2">
        {fr.public.latestVideos}
      </Typography>
      <PublicVideoBrowser videos={videos} isLoading={isLoading} otherVideos={resumable} />
    </Stack>
  );
}

/** The public home: creator cards and the video grid (spec §2.2). */
export function HomePage() {
  return (
    <PublicFrame>
      <HomeContent />
    </PublicFrame>
  );
}
