import { Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { frComeBack } from '../../../shared/i18n/frComeBack';
import { useMarkSeenMutation, type VisitorProfile, type VisitorView } from '../api';

export type MyVideosView = 'toutes' | VisitorView;

interface Props {
  token: string;
  profile: VisitorProfile;
  view: MyVideosView;
  onView: (view: MyVideosView) => void;
  /** The group the grid shows, or null for every creator. */
  group: string | null;
  onGroup: (group: string | null) => void;
}

/** What the visitor's grid shows: all, new, saved for later or hidden videos, of one group or all. */
export function MyVideosToolbar({ token, profile, view, onView, group, onGroup }: Props) {
  const [markSeen, marking] = useMarkSeenMutation();
  const news = profile.liste?.chaines.reduce((sum, chaine) => sum + chaine.unseen, 0) ?? 0;
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, value: MyVideosView | null) => value && onView(value)}
          aria-label={frComeBack.viewsLabel}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="toutes">{frComeBack.all}</ToggleButton>
          <ToggleButton value="nouveautes">{frComeBack.news(news)}</ToggleButton>
          <ToggleButton value="plusTard">{frComeBack.later(profile.plusTard.length)}</ToggleButton>
          <ToggleButton value="masquees">{frComeBack.hidden(profile.masquees.length)}</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" disabled={news === 0 || marking.isLoading} onClick={() => void markSeen({ token }).unwrap().catch(() => undefined)}>
          {frComeBack.markAllSeen}
        </Button>
      </Stack>
      {profile.groupes.length > 0 && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={group ?? ''}
          onChange={(_event, value: string | null) => value !== null && onGroup(value === '' ? null : value)}
          aria-label={frComeBack.groupsLabel}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="">{frComeBack.allGroups}</ToggleButton>
          {profile.groupes.map((groupe) => (
            <ToggleButton key={groupe.name} value={groupe.name}>
              {groupe.name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
    </Stack>
  );
}
