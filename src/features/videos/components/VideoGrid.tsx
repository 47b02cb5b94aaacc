import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { styled } from '@mui/material/styles';
import { fr } from '../../../shared/i18n/fr';
import type { Video } from '../types';
import { VideoCard, videoCardStyles } from './VideoCard';

/** Cards rendered at a time: thousands of videos stay smooth, more come as one scrolls. */
export const GRID_SLICE = 48;

/** The grid, and its cards' look set once for all of them. */
const CardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: theme.spacing(2),
  ...videoCardStyles(theme),
}));

interface Props {
  videos: Video[];
  showViews?: boolean;
  onOpen: (video: Video) => void;
  renderActions?: (video: Video) => ReactNode;
}

function Grid({ videos, showViews, onOpen, renderActions }: Props) {
  const [shown, setShown] = useState(GRID_SLICE);
  // Another list (a new filter) starts again from its first cards.
  const [listShown, setListShown] = useState(videos);
  if (listShown !== videos) {
    setListShown(videos);
    setShown(GRID_SLICE);
  }
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = videos.length > shown;

  useEffect(() => {
    const target = sentinel.current;
    if (!hasMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown((count) => count + GRID_SLICE);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  return (
    <>
      <CardList aria-label={fr.videos.count(videos.length)}>
        {videos.slice(0, shown).map((video) => (
          <li key={video.id}>
            <VideoCard video={video} showViews={showViews} onOpen={onOpen} renderActions={renderActions} />
          </li>
        ))}
      </CardList>
      {hasMore && (
        <Box ref={sentinel} sx={{ textAlign: 'center', mt: 2 }}>
          <Button onClick={() => setShown((count) => count + GRID_SLICE)}>{fr.videos.showMore}</Button>
        </Box>
      )}
    </>
  );
}

/** The same videos in the same order: a keystroke that keeps every video shown (most do) changes nothing. */
const sameVideos = (a: Video[], b: Video[]) => a === b || (a.length === b.length && a.every((video, i) => video === b[i]));

/**
 * The grid of cards, shown a slice at a time. Memoised on the videos' content, not the array:
 * filtering makes a new array at each keystroke even when it keeps the same videos.
 */
export const VideoGrid = memo(
  Grid,
  (before, after) =>
    before.showViews === after.showViews &&
    before.onOpen === after.onOpen &&
    before.renderActions === after.renderActions &&
    sameVideos(before.videos, after.videos),
);
