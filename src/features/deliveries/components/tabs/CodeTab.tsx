import { Stack, TextField } from '@mui/material';
import { fr } from '../../../../shared/i18n/fr';
import type { TabProps } from './types';

const code = { fontFamily: 'monospace', fontSize: 13 };
const t = fr.deliveries.fields;
const EDITORS = [
  { field: 'html', label: t.html, rows: 8 },
  { field: 'text', label: t.text, rows: 5 },
  { field: 'codeAmp', label: t.amp, rows: 8 },
] as const;

/** HTML, text and AMP code; HTML and text travel as base64 lists, the draft holds them decoded. */
export function CodeTab({ draft, change }: TabProps) {
  return (
    <Stack spacing={2}>
      {EDITORS.map(({ field, label, rows }) => (
        <TextField
          key={field}
          label={label}
          value={draft[field]}
          onChange={(e) => change({ [field]: e.target.value })}
          multiline
          minRows={rows}
          slotProps={{ htmlInput: { style: code, spellCheck: false } }}
        />
      ))}
    </Stack>
  );
}
