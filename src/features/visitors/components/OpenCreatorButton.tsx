import { Button, Chip, Stack } from '@mui/material';
import { frComeBack } from '../../../shared/i18n/frComeBack';
import { useMarkSeenMutation, type FollowedChaine } from '../api';

/**
 * A followed creator's count of new videos, and 'Ouvrir': the page shows their videos, and
 * their videos count as seen.
 */
export function OpenCreatorButton({ token, chaine, onOpen }: { token: string; chaine: FollowedChaine; onOpen: (chaineId: string) => void }) {
  const [markSeen] = useMarkSeenMutation();
  const open = () => {
    onOpen(chaine.id);
    if (chaine.unseen > 0) void markSeen({ token, chaine: chaine.id }).unwrap().catch((error: unknown) => console.error('Mark seen failure', error));
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip size="small" label={frComeBack.unseen(chaine.unseen)} color={chaine.unseen > 0 ? 'secondary' : 'default'} data-testid={`unseen-${chaine.id}`} />
      <Button size="small" onClick={open} aria-label={frComeBack.open(chaine.name)}>
        {frComeBack.openLabel}
      </Button>
    </Stack>
  );
}
