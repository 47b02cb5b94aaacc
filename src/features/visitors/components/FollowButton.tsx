import { Suspense, useState } from 'react';
import { Button, Typography } from '@mui/material';
import { useSelector } from 'react-redux';
import { fr } from '../../../shared/i18n/fr';
import { lazyPart, useOpenedOnce } from '../../../shared/ui/lazyPart';
import { useFollowMutation, useUnfollowMutation, useVisitorListe } from '../api';
import { selectVisitorToken } from '../selectors';

// Loaded when a visitor first unfollows: cards render this button, the dialog is rarely needed.
const ConfirmDialog = lazyPart(() => import('../../../shared/ui/ConfirmDialog').then((m) => m.ConfirmDialog));

interface Props {
  channelId: string;
  name: string;
  /**
   * Where the button sits: a video card only follows (a followed channel reads 'Suivie'), so
   * that no card unfollows a whole channel in one click; a channel list also unfollows, once
   * the visitor confirms.
   */
  place: 'card' | 'channel';
}

/**
 * 'Suivre' or 'Ne plus suivre' a channel, for a visitor who has a list; nothing otherwise.
 * Every card of the grid renders one: a visitor who never signed up (most) costs one selector,
 * not the profile query's subscription and two mutations per card.
 */
export function FollowButton(props: Props) {
  const token = useSelector(selectVisitorToken);
  return token ? <FollowControl {...props} /> : null;
}

function FollowControl({ channelId, name, place }: Props) {
  const { token, liste } = useVisitorListe();
  const [follow, following] = useFollowMutation();
  const [unfollow, unfollowing] = useUnfollowMutation();
  const [confirming, setConfirming] = useState(false);
  const confirmOpened = useOpenedOnce(confirming);
  if (!token || !liste) return null;
  const followed = liste.chaines.some((chaine) => chaine.id === channelId);
  const run = async (action: typeof follow) => {
    try {
      await action({ token, chaine: channelId }).unwrap();
    } catch (error) {
      console.error('Follow failure', error);
    }
  };
  if (followed && place === 'card') {
    return (
      <Typography variant="body2" color="textSecondary" sx={{ px: 1 }}>
        {fr.space.followedBadge}
      </Typography>
    );
  }
  const label = followed ? fr.visitors.unfollow : fr.visitors.follow;
  return (
    <>
      <Button
        size="small"
        onClick={() => (followed ? setConfirming(true) : void run(follow))}
        disabled={following.isLoading || unfollowing.isLoading}
        aria-label={`${label} ${name}`}
      >
        {label}
      </Button>
      {confirmOpened && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={fr.space.unfollowTitle(name)}
            text={fr.space.unfollowText(name)}
            busy={unfollowing.isLoading}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void run(unfollow);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
