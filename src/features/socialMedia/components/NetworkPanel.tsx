import type { ReactNode } from 'react';
import { Box, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import { formatFrenchDateTime } from '../../../shared/lib/dates';

export interface NetworkItem {
  key: string;
  text: string;
  url: string;
  details: string;
}

interface Props {
  network: string;
  /** What the last check read, or null when none succeeded yet. */
  checked: { checkedAt: string; items: NetworkItem[] } | null;
  /** Shown when nothing was checked. */
  none: string;
  /** The account or channel, above its items. */
  header?: ReactNode;
  itemsTitle: string;
  noItems: string;
}

/** One network's part of a recipient's detail: what was found, when, and its latest items. */
export function NetworkPanel({ network, checked, none, header, itemsTitle, noItems }: Props) {
  return (
    <Box component="section" aria-label={network} sx={{ flex: 1 }}>
      <Typography variant="h6" component="h3">
        {network}
      </Typography>
      {!checked ? (
        <Typography color="textSecondary">{none}</Typography>
      ) : (
        <>
          {header}
          <Typography variant="body2" color="textSecondary">
            {frConsole.socialMedia.lastCheck(formatFrenchDateTime(checked.checkedAt))}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {itemsTitle}
          </Typography>
          {checked.items.length === 0 && <Typography>{noItems}</Typography>}
          <List dense aria-label={itemsTitle}>
            {checked.items.map((item) => (
              <ListItem key={item.key} disableGutters>
                <ListItemText
                  primary={
                    <Link href={item.url} target="_blank" rel="noopener noreferrer">
                      {item.text}
                    </Link>
                  }
                  secondary={item.details}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
