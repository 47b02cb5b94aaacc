import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { fr } from '../../../shared/i18n/fr';
import type { Creator } from '../types';
import { listePath } from './CreatorCards';

/** The list page's shortcut tiles to the creators' lists (spec §2.2). */
export function CreatorShortcuts({ creators }: { creators: Creator[] }) {
  return (
    <Stack component="nav" aria-label={fr.public.creatorsLists} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {creators.map((creator) => (
        <Button key={creator.name} component={RouterLink} to={listePath(creator.name)} variant="outlined" size="small">
          {creator.name}
        </Button>
      ))}
    </Stack>
  );
}
