import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { fr } from '../../../../shared/i18n/fr';
import { useGetListChoicesQuery } from '../../api';
import { SendHistory } from '../SendHistory';
import { changeProperties, type TabProps } from './types';

const t = fr.deliveries;

/** Where and how often the delivery goes, and the sends made of it with their progress. */
export function DiffusionTab(props: TabProps) {
  const { draft, change } = props;
  const { data: lists = [] } = useGetListChoicesQuery(draft.user);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t.fields.list}
        value={draft.properties.listId ?? ''}
        onChange={(e) => changeProperties(props, { listId: Number(e.target.value) })}
      >
        {lists.map((list) => (
          <MenuItem key={list.id} value={list.id}>
            {list.subject}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t.fields.frequence} value={draft.frequence} onChange={(e) => change({ frequence: e.target.value })}>
        {Object.entries(t.frequences).map(([value, name]) => (
          <MenuItem key={value} value={value}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t.fields.channel} value={draft.channel} onChange={(e) => change({ channel: e.target.value })}>
        {Object.entries(t.channels).map(([value, name]) => (
          <MenuItem key={value} value={value}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="subtitle1">{t.history}</Typography>
      <SendHistory filter={{ delivery: draft.id }} />
    </Stack>
  );
}
