import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { fr } from '../../../shared/i18n/fr';
import type { Creator } from '../types';

export const listePath = (name: string) => `/liste/${encodeURIComponent(name)}`;

interface Props {
  creators: Creator[];
  /** The fourth card, 'Créer votre liste', opens the signup popin. */
  onCreateList: () => void;
}

/** The home's creator cards with their hashtags (spec §2.2), each leading to /liste/{creator}. */
export function CreatorCards({ creators, onCreateList }: Props) {
  const cardSx = { height: '100%' };
  return (
    <Box
      component="ul"
      aria-label={fr.public.creatorsLists}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}
    >
      {creators.map((creator) => (
        <li key={creator.name}>
          <Card sx={cardSx}>
            <CardActionArea component={RouterLink} to={listePath(creator.name)} sx={cardSx}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {creator.name}
                </Typography>
                <Typography color="secondary">{creator.hashtags.join(' ')}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
      <li>
        <Card sx={{ ...cardSx, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          <CardActionArea onClick={onCreateList} sx={cardSx}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {fr.public.createList}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      </li>
    </Box>
  );
}
