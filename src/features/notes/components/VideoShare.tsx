import { useState } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { shareLinkOf } from '../lib/share';
import type { NotedVideo } from '../types';
import { ShareLinks } from './ShareLinks';

/**
 * The global share toggle: X and Telegram with the video's title and link, and the
 * Telegram bot, shown locked; its unlock does nothing (spec §2.4).
 */
export function VideoShare({ video }: { video: NotedVideo }) {
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button variant="outlined" aria-expanded={open} aria-controls="video-shares" onClick={() => setOpen(!open)}>
        {fr.sharing.shareVideo}
      </Button>
      {open && (
        <Stack id="video-shares" spacing={1} sx={{ mt: 1 }}>
          <ShareLinks share={{ text: video.title, url: shareLinkOf(video) }} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button size="small" disabled startIcon={<span aria-hidden>🔒</span>} title={fr.sharing.locked}>
              {fr.sharing.telegramBot}
            </Button>
            <Button size="small">{fr.sharing.unlock}</Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
