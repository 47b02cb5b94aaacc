import { Stack, TextField } from '@mui/material';
import { fr } from '../../../../shared/i18n/fr';
import type { TabProps } from './types';

const code = { fontFamily: 'monospace', fontSize: 13 };

/** HTML, text and AMP code; HTML and text travel as base64 lists, the draft holds them decoded. */
export function CodeTab({ draft, change }: TabProps) {
  const t = fr.deliveries.fields;
  return (
    <Stack spacing={2}>
      <TextField
        label={t.html}
        value={draft.html}
        onChange={(e) => change({ html: e.target.value })}
        multiline
        minRows={8}
        slotProps={{ htmlInput: { style: code, spellCheck: false } }}
      />
      <TextField
        label={t.text}
        value={draft.text}
        onChange={(e) => change({ text: e.target.value })}
        multiline
        minRows={5}
        slotProps={{ htmlInput: { style: code, spellCheck: false } }}
      />
      <TextField
        label={t.amp}
        value={draft.codeAmp}
        onChange={(e) => change({ codeAmp: e.target.value })}
        multiline
        minRows={8}
        slotProps={{ htmlInput: { style: code, spellCheck: false } }}
      />
    </Stack>
  );
}
