import { Box, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { formatFrenchDate, formatFrenchDateTime } from '../../../shared/lib/dates';
import { formatCount } from '../lib/recipients';
import type { XData } from '../types';

/** The X account a recipient's last check found, with its latest posts. */
export function XPanel({ twitter }: { twitter: XData | null }) {
  return (
    <Box component="section" aria-label={fr.socialMedia.twitter} sx={{ flex: 1 }}>
      <Typography variant="h6" component="h3">
        {fr.socialMedia.twitter}
      </Typography>
      {!twitter ? (
        <Typography color="text.secondary">{fr.socialMedia.noTwitter}</Typography>
      ) : (
        <>
          <Link href={twitter.url} target="_blank" rel="noopener noreferrer">
            {fr.socialMedia.account(twitter.name, twitter.username)}
          </Link>
          <Typography variant="body2">{fr.socialMedia.followers(formatCount(twitter.followers))}</Typography>
          <Typography variant="body2" color="text.secondary">
            {fr.socialMedia.lastCheck(formatFrenchDateTime(twitter.checkedAt))}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {fr.socialMedia.latestPosts}
          </Typography>
          {twitter.latest.length === 0 && <Typography>{fr.socialMedia.noPosts}</Typography>}
          <List dense aria-label={fr.socialMedia.latestPosts}>
            {twitter.latest.map((post) => (
              <ListItem key={post.id} disableGutters>
                <ListItemText
                  primary={
                    <Link href={post.url} target="_blank" rel="noopener noreferrer">
                      {post.text}
                    </Link>
                  }
                  secondary={[formatFrenchDate(post.created), fr.socialMedia.likes(formatCount(post.likes))].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
