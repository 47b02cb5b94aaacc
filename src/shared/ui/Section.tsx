import type { ReactNode } from 'react';
import { Paper, Stack, Typography } from '@mui/material';

interface Props {
  title: string;
  /** Buttons shown beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled block of the console (lists, categories, speeches, templates). */
export function Section({ title, actions, children }: Props) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 2, mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
