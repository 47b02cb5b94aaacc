import { useState } from 'react';
import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { frConsole } from '../../../../shared/i18n/frConsole';
import type { ListChoice } from '../../api';
import { ListField, useActiveList } from '../ListField';
import { SendHistory } from '../SendHistory';
import { ChoiceField } from './ChoiceField';
import { SchedulePanel } from './SchedulePanel';
import { changeProperties, type TabProps } from './types';

const t = frConsole.deliveries;

/** Where and how often the delivery goes, and the sends made of it with their progress. */
export function DiffusionTab(props: TabProps) {
  const { draft, change } = props;
  const listId = draft.properties.listId;
  const planned = useActiveList(listId);
  // The list just chosen shows at once, before the draft's list is read back.
  const [chosen, setChosen] = useState<ListChoice>();
  const list = chosen && chosen.id === listId ? chosen : planned;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <ListField
        userId={draft.user}
        label={t.fields.list}
        value={list}
        onChange={(choice) => {
          setChosen(choice);
          changeProperties(props, { listId: choice.id });
        }}
      />
      <ChoiceField
        label={t.fields.frequence}
        value={draft.frequence}
        choices={t.frequences}
        onChange={(frequence) => change({ frequence })}
      />
      <SchedulePanel deliveryId={draft.id} listId={list?.id} frequency={draft.frequence} />
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
        label={frConsole.schedule.tracking}
      />
      <Typography variant="body2">{frConsole.schedule.trackingHelp}</Typography>
      <FormControlLabel
        control={
          <Switch
            checked={draft.properties.private === true}
            onChange={(event) => changeProperties(props, { private: event.target.checked })}
          />
        }
        label={frConsole.schedule.private}
      />
      <Typography variant="body2">{frConsole.schedule.privateHelp}</Typography>
      <Typography variant="subtitle1">{t.history}</Typography>
      <SendHistory filter={{ delivery: draft.id }} />
    </Stack>
  );
}
