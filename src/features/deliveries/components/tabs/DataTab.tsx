import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import { frConsole } from '../../../../shared/i18n/frConsole';
import type { DataItem } from '../../types';
import { changeProperties, type TabProps } from './types';

const t = frConsole.deliveries;
/** As the server takes them: `{{key}}` must name it. */
export const DATA_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** The key/value data personalisation uses: `{{key}}` in the code renders the value. */
export function DataTab(props: TabProps) {
  const items = props.draft.properties.data ?? [];
  const save = (data: DataItem[]) => changeProperties(props, { data });
  const update = (index: number, patch: Partial<DataItem>) =>
    save(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  return (
    <Stack spacing={2}>
      {items.length === 0 && <Typography>{t.data.empty}</Typography>}
      {items.map((item, index) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t.fields.key}
            value={item.key}
            error={!DATA_KEY.test(item.key)}
            helperText={DATA_KEY.test(item.key) ? ' ' : t.data.invalidKey}
            onChange={(e) => update(index, { key: e.target.value })}
          />
          <TextField
            size="small"
            label={t.fields.value}
            value={item.value}
            onChange={(e) => update(index, { value: e.target.value })}
            sx={{ flexGrow: 1 }}
          />
          <IconButton aria-label={t.data.remove(item.key)} onClick={() => save(items.filter((_, i) => i !== index))}>
            ×
          </IconButton>
        </Stack>
      ))}
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => save([...items, { key: '', value: '' }])}>
        {t.data.add}
      </Button>
    </Stack>
  );
}
