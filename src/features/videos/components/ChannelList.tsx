import type { ReactNode } from 'react';
import { Avatar, Box, Chip, Link, List, ListItem, ListItemAvatar, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Chaine } from '../types';

export const chainePath = (theme: string) => `/chaine/${encodeURIComponent(theme)}`;

interface Props {
  title: string;
  chaines: Chaine[];
  /** What an empty list says ('Aucune chaîne suivie' on list pages). */
  emptyText: string;
  /** Per channel actions (unfollowing), composed by the page. */
  renderActions?: (chaine: Chaine) => ReactNode;
}

/** Channels with their avatar, a link to them on YouTube, and their theme's page. */
export function ChannelList({ title, chaines, emptyText, renderActions }: Props) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {chaines.length === 0 ? (
        <Typography color="textSecondary">{emptyText}</Typography>
      ) : (
        <List dense>
          {chaines.map((chaine) => (
            <ListItem key={chaine.id} secondaryAction={renderActions?.(chaine)}>
              <ListItemAvatar>
                <Avatar src={chaine.avatar ?? undefined} alt="">
                  {chaine.name.charAt(0)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Link href={chaine.url} target="_blank" rel="noopener noreferrer">
                    {chaine.name}
                  </Link>
                }
                secondary={
                  <Chip component={RouterLink} to={chainePath(chaine.theme)} label={`#${chaine.theme}`} size="small" clickable />
                }
                slotProps={{ secondary: { component: 'span' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
