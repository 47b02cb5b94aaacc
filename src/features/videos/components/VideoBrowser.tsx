import { startTransition, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { LinearProgress, Stack, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { creatorIndex, filterVideos } from '../lib/filterVideos';
import { useOpenedVideo } from '../lib/useOpenedVideo';
import type { Video } from '../types';
import { VideoFilter } from './VideoFilter';
import { VideoGrid } from './VideoGrid';
import { lazyPart, useOpenedOnce } from '../../../shared/ui/lazyPart';
import type { RenderPanelSide } from './VideoPanel';

// The panel (dialog, player) loads with the first opened video: not part of the first paint.
const VideoPanel = lazyPart(() => import('./VideoPanel').then((m) => m.VideoPanel));

interface Props {
  videos: Video[];
  isLoading?: boolean;
  showViews?: boolean;
  /** What an empty grid says; 'Aucune vidéo' by default. */
  emptyText?: string;
  renderCardActions?: (video: Video) => ReactNode;
  renderPanelSide?: RenderPanelSide;
  /** Videos the panel may open that the grid does not show (the home's "Reprendre" row). */
  otherVideos?: Video[];
}

/** A video the address names that the page's list does not hold (an older one, shared). */
const videoOutsideList = (id: string): Video => ({
  id,
  youtube_titre: fr.space.outsideListTitle,
  youtube_name: '',
  youtube_lien: '',
  img_lien: null,
  created: '',
  youtube_nb_vue: 0,
  url: `https://www.youtube.com/watch?v=${id}`,
  channelId: '',
  theme: '',
});

/** The filter, the grid, and the detail panel a card opens (its address is the page's `?v=`). */
export function VideoBrowser(props: Props) {
  const { videos, isLoading = false, showViews, emptyText = fr.videos.none, renderCardActions, renderPanelSide, otherVideos } = props;
  const { videoId, startSecond, open, close } = useOpenedVideo();
  const opened = useMemo(() => {
    if (!videoId) return null;
    const known = videos.find((video) => video.id === videoId) ?? otherVideos?.find((video) => video.id === videoId);
    return known ?? (isLoading ? null : videoOutsideList(videoId));
  }, [videos, otherVideos, videoId, isLoading]);
  const panelOpened = useOpenedOnce(opened !== null);
  // Stable across keystrokes, so that the memoised cards still shown do not render again.
  const openCard = useCallback((video: Video) => open(video.id), [open]);

  return (
    <Stack spacing={2}>
      <FilteredGrid
        videos={videos}
        isLoading={isLoading}
        showViews={showViews}
        emptyText={emptyText}
        onOpen={openCard}
        renderCardActions={renderCardActions}
      />
      {panelOpened && (
        <Suspense fallback={null}>
          <VideoPanel video={opened} startSecond={startSecond} onClose={close} renderSide={renderPanelSide} />
        </Suspense>
      )}
    </Stack>
  );
}

type FilteredGridProps = Required<Pick<Props, 'videos' | 'isLoading' | 'emptyText'>> &
  Pick<Props, 'showViews' | 'renderCardActions'> & { onOpen: (video: Video) => void };

/**
 * The filter and the videos it keeps. The query lives here, so that a keystroke renders this
 * part only; it changes in a transition, so that typing on is never held up by the grid's
 * rendering, which React drops and starts again when a newer keystroke comes first.
 */
function FilteredGrid({ videos, isLoading, showViews, emptyText, onOpen, renderCardActions }: FilteredGridProps) {
  const [query, setQuery] = useState('');
  const changeQuery = useCallback((value: string) => startTransition(() => setQuery(value)), []);
  const index = useMemo(() => creatorIndex(videos), [videos]);
  const shown = useMemo(() => filterVideos(videos, index, query), [videos, index, query]);
  return (
    <>
      <VideoFilter onChange={changeQuery} />
      {isLoading && <LinearProgress aria-label="chargement" />}
      {!isLoading && shown.length === 0 && <Typography color="textSecondary">{emptyText}</Typography>}
      {shown.length > 0 && (
        <VideoGrid videos={shown} showViews={showViews} onOpen={onOpen} renderActions={renderCardActions} />
      )}
    </>
  );
}
