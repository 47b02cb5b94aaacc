import { Box, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { formatFrenchDate, formatFrenchDateTime } from '../../../shared/lib/dates';
import { formatCount } from '../lib/recipients';
import type { YoutubeData } from '../types';

/** The channel a recipient's last check found, with its latest videos' dates and views. */
export function YoutubePanel({ youtube }: { youtube: YoutubeData | null }) {
  return (
    <Box component="section" aria-label={fr.socialMedia.youtube} sx={{ flex: 1 }}>
      <Typography variant="h6" component="h3">
        {fr.socialMedia.youtube}
      </Typography>
      {!youtube ? (
        <Typography color="text.secondary">{fr.socialMedia.noYoutube}</Typography>
      ) : (
        <>
          <Link href={youtube.url} target="_blank" rel="noopener noreferrer">
            {fr.socialMedia.channel(youtube.name)}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {fr.socialMedia.lastCheck(formatFrenchDateTime(youtube.checkedAt))}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {fr.socialMedia.latestVideos}
          </Typography>
          {youtube.videos.length === 0 && <Typography>{fr.socialMedia.noVideos}</Typography>}
          <List dense aria-label={fr.socialMedia.latestVideos}>
            {youtube.videos.map((video) => (
              <ListItem key={video.id} disableGutters>
                <ListItemText
                  primary={
                    <Link href={video.url} target="_blank" rel="noopener noreferrer">
                      {video.title}
                    </Link>
                  }
                  secondary={`${formatFrenchDate(video.published)} · ${fr.socialMedia.views(formatCount(video.views))}`}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
