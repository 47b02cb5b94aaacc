import { useEffect, useMemo, useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { html } from '@codemirror/lang-html';
import { fr } from '../../../../shared/i18n/fr';
import { usePreviewDeliveryMutation } from '../../api';
import { contentOf } from '../../draft';
import { CannotBeSent, CompileMessage, compileFailureOf } from './CompileFailure';
import type { TabProps } from './types';

const t = fr.deliveries.fields;
const EDITORS = [
  { field: 'html', apiField: 'codeHtml', label: t.html, minHeight: '200px', markup: true },
  { field: 'text', apiField: 'codeText', label: t.text, minHeight: '120px', markup: false },
  { field: 'codeAmp', apiField: 'codeAmp', label: t.amp, minHeight: '200px', markup: true },
] as const;

/** How long typing pauses before the server compiles the code again. */
const CHECK_DELAY_MS = 600;

/**
 * HTML, text and AMP code in CodeMirror 6 (line numbers, highlighting, search with Ctrl-F;
 * Handlebars' `{{…}}` read as text inside HTML); HTML and text travel as base64 lists, the
 * draft holds them decoded. As typing pauses, the server's preview compiles the template: an
 * error shows under its editor with its line, and the template is said not to be sendable.
 */
export function CodeTab({ draft, change }: TabProps) {
  const [preview, { error, reset }] = usePreviewDeliveryMutation();
  const [checked, setChecked] = useState<string | null>(null);
  const content = useMemo(() => contentOf(draft), [draft]);
  const signature = JSON.stringify([content.subject, content.codeHtml, content.codeText, content.codeAmp]);

  useEffect(() => {
    if (signature === checked) return undefined;
    const timer = setTimeout(() => {
      setChecked(signature);
      reset();
      void preview(content);
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signature, checked, content, preview, reset]);

  const failure = compileFailureOf(error);

  return (
    <Stack spacing={2}>
      {failure && <CannotBeSent />}
      {EDITORS.map(({ field, apiField, label, minHeight, markup }) => {
        const labelId = `code-${field}-label`;
        return (
          <Box key={field}>
            <Typography id={labelId} variant="subtitle2" component="label">
              {label}
            </Typography>
            <CodeMirror
              value={draft[field]}
              onChange={(value) => change({ [field]: value })}
              minHeight={minHeight}
              maxHeight="60vh"
              basicSetup={{ lineNumbers: true, foldGutter: false, highlightActiveLine: true, searchKeymap: true }}
              extensions={[
                ...(markup ? [html()] : []),
                EditorView.lineWrapping,
                EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false' }),
              ]}
            />
            {failure?.field === apiField && <CompileMessage failure={failure} />}
          </Box>
        );
      })}
      {failure && !EDITORS.some((e) => e.apiField === failure.field) && <CompileMessage failure={failure} />}
    </Stack>
  );
}
