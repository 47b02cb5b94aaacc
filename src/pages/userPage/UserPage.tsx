import { useMemo, useState } from 'react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { ChannelList, useGetCreatorsQuery, useListVideos, type Video } from '../../features/videos';
import { FollowButton, MyListPanel, useGetVisitorVideosQuery, useVisitorProfile } from '../../features/visitors';
// The space's own parts, loaded with this (lazy) page only.
import { DigestSettings } from '../../features/visitors/components/DigestSettings';
import { FeedFiltersSettings } from '../../features/visitors/components/FeedFiltersSettings';
import { GroupsPanel } from '../../features/visitors/components/GroupsPanel';
import { MyVideosToolbar, type MyVideosView } from '../../features/visitors/components/MyVideosToolbar';
import { OpenCreatorButton } from '../../features/visitors/components/OpenCreatorButton';
import { PrivateFeedPanel } from '../../features/visitors/components/PrivateFeedPanel';
import { VideoEtatButtons } from '../../features/visitors/components/VideoEtatButtons';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link as RouterLink } from 'react-router-dom';
import { frHistory } from '../../shared/i18n/frHistory';
import { fr } from '../../shared/i18n/fr';
import { frComeBack } from '../../shared/i18n/frComeBack';
import { frNotebook } from '../../shared/i18n/frNotebook';
import { VisitorDataActions } from '../../features/personnes';
import { PublicFrame } from '../public/PublicFrame';
import { PublicVideoBrowser } from '../public/PublicVideoBrowser';
import { usePublicPopins } from '../public/publicPopins';

const cardActions = (video: Video) => (
  <>
    <FollowButton channelId={video.channelId} name={video.youtube_name} place="card" />
    <VideoEtatButtons videoId={video.id} />
  </>
);

const EMPTY_TEXT: Record<MyVideosView, string | undefined> = {
  toutes: undefined,
  nouveautes: frComeBack.noNews,
  plusTard: frComeBack.noLater,
  masquees: frComeBack.noHidden,
};

function UserPageContent() {
  const { openSignup } = usePublicPopins();
  const { token, profile } = useVisitorProfile();
  const liste = profile?.liste ?? null;
  const { data: creators = [] } = useGetCreatorsQuery();
  const [view, setView] = useState<MyVideosView>('toutes');
  const [group, setGroup] = useState<string | null>(null);
  const [creator, setCreator] = useState<string | null>(null);
  // The visitor's own list once they have one, else the home's.
  // Their own list's grid follows their feed filters (issue 42).
  const listVideos = useListVideos(liste?.name ?? creators[0]?.name, liste ? token : null);
  const visitorVideos = useGetVisitorVideosQuery(token && liste && view !== 'toutes' ? { token, vue: view } : skipToken);

  const shown = useMemo(() => {
    if (!liste || !profile) return listVideos.videos;
    const source = view === 'toutes' ? listVideos.videos : (visitorVideos.currentData ?? []);
    const hidden = new Set(profile.masquees);
    const inGroup = group ? new Set(profile.groupes.find((g) => g.name === group)?.chaines ?? []) : null;
    return source.filter(
      (video) =>
        (view !== 'toutes' || !hidden.has(video.id)) &&
        (!inGroup || inGroup.has(video.channelId)) &&
        (!creator || video.channelId === creator),
    );
  }, [liste, profile, view, group, creator, listVideos.videos, visitorVideos.currentData]);

  const chaines = useMemo(() => {
    const all = liste?.chaines ?? [];
    const inGroup = group && profile ? new Set(profile.groupes.find((g) => g.name === group)?.chaines ?? []) : null;
    return inGroup ? all.filter((chaine) => inGroup.has(chaine.id)) : all;
  }, [liste, group, profile]);
  const creatorName = creator ? liste?.chaines.find((c) => c.id === creator)?.name : null;

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {fr.public.userPageTitle}
        </Typography>
        <Button variant="outlined" component={RouterLink} to="/notes">
          {frNotebook.link}
        </Button>
      </Stack>
      <MyListPanel onSignup={openSignup} />
      {token && (
        <Button component={RouterLink} to="/historique" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {frHistory.historyLink}
        </Button>
      )}
      {token && profile && liste && (
        <>
          <ChannelList
            title={fr.public.followedChannels}
            chaines={chaines}
            emptyText={fr.public.noChannel}
            renderActions={(chaine) => {
              const followed = liste.chaines.find((c) => c.id === chaine.id);
              return (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {followed && <OpenCreatorButton token={token} chaine={followed} onOpen={setCreator} />}
                  <FollowButton channelId={chaine.id} name={chaine.name} place="channel" />
                </Stack>
              );
            }}
          />
          <MyVideosToolbar
            token={token}
            profile={profile}
            view={view}
            onView={setView}
            group={group}
            onGroup={(name) => {
              setGroup(name);
              setCreator(null);
            }}
          />
          {creatorName && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h2">
                {frComeBack.creatorFilter(creatorName)}
              </Typography>
              <Button size="small" onClick={() => setCreator(null)}>
                {frComeBack.showAllCreators}
              </Button>
            </Stack>
          )}
        </>
      )}
      <PublicVideoBrowser
        videos={shown}
        isLoading={view === 'toutes' || !liste ? listVideos.isLoading : visitorVideos.isFetching && !visitorVideos.currentData}
        emptyText={EMPTY_TEXT[view]}
        cardActions={liste ? cardActions : undefined}
      />
      {token && profile && liste && (
        <Paper component="section" variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={3}>
            <GroupsPanel token={token} profile={profile} />
            <FeedFiltersSettings token={token} profile={profile} />
            <DigestSettings token={token} profile={profile} />
            <PrivateFeedPanel token={token} feedUrl={profile.feedUrl} />
          </Stack>
        </Paper>
      )}
      {token && profile && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <VisitorDataActions token={token} />
        </Paper>
      )}
    </Stack>
  );
}

/** The visitor's page: their list, following, what is new, groups, saved videos, and its video grid. */
export function UserPage() {
  return (
    <PublicFrame>
      <UserPageContent />
    </PublicFrame>
  );
}
