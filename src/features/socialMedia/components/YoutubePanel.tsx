import { Link } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
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
      details: `${formatFrenchDate(video.published)} · ${fr.socialMedia.views(formatCount(video.views))}`,
    })),
  };
  return (
    <NetworkPanel
      network={fr.socialMedia.youtube}
      checked={checked}
      none={fr.socialMedia.noYoutube}
      header={
        youtube && (
          <Link href={youtube.url} target="_blank" rel="noopener noreferrer">
            {fr.socialMedia.channel(youtube.name)}
          </Link>
        )
      }
      itemsTitle={fr.socialMedia.latestVideos}
      noItems={fr.socialMedia.noVideos}
    />
  );
}
