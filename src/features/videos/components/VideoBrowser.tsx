import { useMemo, useState, type ReactNode } from 'react';
import { LinearProgress, Stack, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { creatorIndex, filterVideos } from '../lib/filterVideos';
import type { Video } from '../types';
import { VideoFilter } from './VideoFilter';
import { VideoGrid } from './VideoGrid';
import { VideoPanel, type RenderPanelSide } from './VideoPanel';

interface Props {
  videos: Video[];
  isLoading?: boolean;
  showViews?: boolean;
  renderCardActions?: (video: Video) => ReactNode;
  renderPanelSide?: RenderPanelSide;
}

/** The filter, the grid, and the detail panel a card opens. */
export function VideoBrowser({ videos, isLoading = false, showViews, renderCardActions, renderPanelSide }: Props) {
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<Video | null>(null);
  const index = useMemo(() => creatorIndex(videos), [videos]);
  const shown = useMemo(() => filterVideos(videos, index, query), [videos, index, query]);

  return (
    <Stack spacing={2}>
      <VideoFilter value={query} onChange={setQuery} />
      {isLoading && <LinearProgress aria-label="chargement" />}
      {!isLoading && shown.length === 0 && <Typography color="text.secondary">{fr.videos.none}</Typography>}
      {shown.length > 0 && (
        <VideoGrid
          videos={shown}
          showViews={showViews}
          onOpen={setOpened}
          renderActions={renderCardActions}
        />
      )}
      <VideoPanel video={opened} onClose={() => setOpened(null)} renderSide={renderPanelSide} />
    </Stack>
  );
}
