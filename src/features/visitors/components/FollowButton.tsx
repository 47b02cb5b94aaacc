import { Button } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import { useFollowMutation, useUnfollowMutation, useVisitorListe } from '../api';

/** 'Suivre' or 'Ne plus suivre' a channel, for a visitor who has a list; nothing otherwise. */
export function FollowButton({ channelId, name }: { channelId: string; name: string }) {
  const { token, liste } = useVisitorListe();
  const [follow, following] = useFollowMutation();
  const [unfollow, unfollowing] = useUnfollowMutation();
  if (!token || !liste) return null;
  const followed = liste.chaines.some((chaine) => chaine.id === channelId);
  const toggle = async () => {
    try {
      await (followed ? unfollow : follow)({ token, chaine: channelId }).unwrap();
    } catch (error) {
      console.error('Follow failure', error);
    }
  };
  const label = followed ? fr.visitors.unfollow : fr.visitors.follow;
  return (
    <Button size="small" onClick={toggle} disabled={following.isLoading || unfollowing.isLoading} aria-label={`${label} ${name}`}>
      {label}
    </Button>
  );
}
