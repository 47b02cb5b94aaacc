import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { fr } from '../../../../shared/i18n/fr';
import { useGetListChoicesQuery } from '../../api';
import { SendHistory } from '../SendHistory';
import { ChoiceField } from './ChoiceField';
import { SchedulePanel } from './SchedulePanel';
import { changeProperties, type TabProps } from './types';

const t = fr.deliveries;

/** Where and how often the delivery goes, and the sends made of it with their progress. */
export function DiffusionTab(props: TabProps) {
  const { draft, change } = props;
  const { data: lists = [] } = useGetListChoicesQuery(draft.user);
  const listChoices = Object.fromEntries(lists.map((list) => [list.id, list.subject]));
  const listId = draft.properties.listId;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <ChoiceField
        label={t.fields.list}
        value={listId !== undefined && listChoices[listId] ? listId : ''}
        choices={listChoices}
        onChange={(value) => changeProperties(props, { listId: Number(value) })}
      />
      <ChoiceField
        label={t.fields.frequence}
        value={draft.frequence}
        choices={t.frequences}
        onChange={(frequence) => change({ frequence })}
      />
      <SchedulePanel deliveryId={draft.id} listId={listChoices[listId ?? 0] ? listId : undefined} frequency={draft.frequence} />
      <ChoiceField
        label={t.fields.channel}
        value={draft.channel}
        choices={t.channels}
        onChange={(channel) => change({ channel })}
      />
      <FormControlLabel
        control={
          <Switch
            checked={draft.properties.tracking === true}
            onChange={(event) => changeProperties(props, { tracking: event.target.checked })}
          />
        }
        label={fr.schedule.tracking}
      />
      <Typography variant="body2">{fr.schedule.trackingHelp}</Typography>
      <Typography variant="subtitle1">{t.history}</Typography>
      <SendHistory filter={{ delivery: draft.id }} />
    </Stack>
  );
}
