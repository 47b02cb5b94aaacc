import { MenuItem, TextField } from '@mui/material';
import { fr } from '../../../../shared/i18n/fr';
import { changeProperties, type TabProps } from './types';

const t = fr.deliveries;

export function LanguageTab(props: TabProps) {
  return (
    <TextField
      select
      label={t.fields.language}
      value={props.draft.properties.lang ?? 'fr'}
      onChange={(e) => changeProperties(props, { lang: e.target.value })}
      sx={{ minWidth: 240 }}
    >
      {Object.entries(t.languages).map(([code, name]) => (
        <MenuItem key={code} value={code}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
