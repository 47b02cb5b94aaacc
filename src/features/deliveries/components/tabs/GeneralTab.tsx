import { List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { formatFrenchDate } from '../../../../shared/lib/dates';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { useGetDeliveryVersionsQuery } from '../../api';
import type { DeliveryDraft } from '../../draft';
import { useSelector } from 'react-redux';
import { selectIsAdmin } from '../../../../shared/session';
import { OwnerField } from './OwnerField';
import { hasNoCode, StarterPicker } from './StarterPicker';
import type { TabProps } from './types';

const t = frConsole.deliveries;
const TEXT_FIELDS: (keyof DeliveryDraft & keyof typeof t.fields)[] = [
  'label',
  'internalname',
  'subject',
  'typedel',
  'goal',
];

export function GeneralTab(props: TabProps) {
  const { draft, change } = props;
  const { data: versions } = useGetDeliveryVersionsQuery(draft.id);
  const isAdmin = useSelector(selectIsAdmin);
  return (
    <Stack spacing={2}>
      {/* « Nouveau modèle » offers its starting points while the template has no code (issue 41). */}
      {hasNoCode(draft) && <StarterPicker {...props} />}
      <Typography variant="body2">{t.versionInfo(draft.version, formatFrenchDate(draft.lastModified))}</Typography>
      {TEXT_FIELDS.map((name) => (
        <TextField
          key={name}
          label={t.fields[name]}
          value={draft[name]}
          onChange={(e) => change({ [name]: e.target.value })}
        />
      ))}
      <TextField label={t.fields.category} value={draft.category} slotProps={{ input: { readOnly: true } }} />
      {isAdmin && <OwnerField userId={draft.user} onChange={(user) => change({ user })} />}
      <TextField
        label={t.fields.msg}
        value={draft.msg}
        onChange={(e) => change({ msg: e.target.value })}
        multiline
        minRows={2}
      />
      <TextField
        label={t.fields.description}
        value={draft.description}
        onChange={(e) => change({ description: e.target.value })}
        multiline
        minRows={2}
      />
      {versions && versions.length > 0 && (
        // The heading beside the list, not in it: a <ul> holds only <li>s.
        <Stack>
          <Typography variant="subtitle2" component="h3" id="delivery-versions-title">
            {t.versions}
          </Typography>
          <List dense aria-labelledby="delivery-versions-title">
            {versions.map((version) => (
              <ListItem key={version.version} disableGutters>
                <ListItemText
                  primary={t.versionLine(version.version, formatFrenchDate(version.lastModified))}
                  secondary={version.publishedAt ? t.inProduction : null}
                />
              </ListItem>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
