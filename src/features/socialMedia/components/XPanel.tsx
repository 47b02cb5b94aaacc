import { Link, Typography } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { formatCount } from '../lib/recipients';
import type { XData } from '../types';
import { NetworkPanel } from './NetworkPanel';

/** The X account a recipient's last check found, with its latest posts. */
export function XPanel({ twitter }: { twitter: XData | null }) {
  const checked = twitter && {
    checkedAt: twitter.checkedAt,
    items: twitter.latest.map((post) => ({
      key: post.id,
      text: post.text,
      url: post.url,
      details: [formatFrenchDate(post.created), frConsole.socialMedia.likes(formatCount(post.likes))].filter(Boolean).join(' · '),
    })),
  };
  return (
    <NetworkPanel
      network={frConsole.socialMedia.twitter}
      checked={checked}
      none={frConsole.socialMedia.noTwitter}
      header={
        twitter && (
          <>
            <Link href={twitter.url} target="_blank" rel="noopener noreferrer">
              {frConsole.socialMedia.account(twitter.name, twitter.username)}
            </Link>
            <Typography variant="body2">{frConsole.socialMedia.followers(formatCount(twitter.followers))}</Typography>
          </>
        )
      }
      itemsTitle={frConsole.socialMedia.latestPosts}
      noItems={frConsole.socialMedia.noPosts}
    />
  );
}
