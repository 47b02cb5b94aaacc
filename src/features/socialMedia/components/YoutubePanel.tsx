import { Link } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { formatCount } from '../lib/recipients';
import type { YoutubeData } from '../types';
import { NetworkPanel } from './NetworkPanel';

/** The channel a recipient's last check found, with its latest videos' dates and views. */
export function YoutubePanel({ youtube }: { youtube: YoutubeData | null }) {
  const checked = youtube && {
    checkedAt: youtube.checkedAt,
    items: youtube.videos.map((video) => ({
      key: video.id,
      text: video.title,
      url: video.url,
      details: `${formatFrenchDate(video.published)} · ${frConsole.socialMedia.views(formatCount(video.views))}`,
    })),
  };
  return (
    <NetworkPanel
      network={frConsole.socialMedia.youtube}
      checked={checked}
      none={frConsole.socialMedia.noYoutube}
      header={
        youtube && (
          <Link href={youtube.url} target="_blank" rel="noopener noreferrer">
            {frConsole.socialMedia.channel(youtube.name)}
          </Link>
        )
      }
      itemsTitle={frConsole.socialMedia.latestVideos}
      noItems={frConsole.socialMedia.noVideos}
    />
  );
}
