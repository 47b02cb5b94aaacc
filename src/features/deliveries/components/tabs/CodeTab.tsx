import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import CodeMirror, { EditorState, EditorView } from '@uiw/react-codemirror';
import { html } from '@codemirror/lang-html';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { usePreviewDeliveryMutation } from '../../api';
import { contentOf } from '../../draft';
import type { AmpError } from '../../types';
import { ampDiagnostics, useAmpErrors } from './ampCheck';
import { CannotBeSent, CompileMessage, compileFailureOf } from './CompileFailure';
import type { TabProps } from './types';
import { VariablesList } from './VariablesList';
import { BlocksEditor } from './BlocksEditor';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';

const t = frConsole.deliveries;
const fields = frConsole.deliveries.fields;
const EDITORS = [
  { field: 'html', apiField: 'codeHtml', label: fields.html, minHeight: '200px', markup: true },
  { field: 'text', apiField: 'codeText', label: fields.text, minHeight: '120px', markup: false },
  { field: 'codeAmp', apiField: 'codeAmp', label: fields.amp, minHeight: '200px', markup: true },
] as const;

/** How long typing pauses before the server compiles the code again. */
const CHECK_DELAY_MS = 600;

/** Gmail clips a message whose HTML passes 102 kB ("[Message tronqué]"), hiding its end. */
const GMAIL_CLIP_BYTES = 102 * 1024;
/** The AMP errors listed under the editor (all are marked in it). */
const LISTED_AMP_ERRORS = 20;

const AMP_EXTENSIONS = [lintGutter()];
type CodeField = (typeof EDITORS)[number]['field'];
const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * HTML, text and AMP code in CodeMirror 6 (line numbers, highlighting, search with Ctrl-F;
 * Handlebars' `{{…}}` read as text inside HTML); HTML and text travel as base64 lists, the
 * draft holds them decoded. As typing pauses, the server's preview compiles the template: an
 * error shows under its editor with its line, and the template is said not to be sendable.
 */
export function CodeTab(props: TabProps) {
  const { draft, change } = props;
  // The tab opens in « Code », as it always has; « Blocs » is a click away (issue 41).
  const [mode, setMode] = useState<'blocks' | 'code'>('code');
  const [detaching, setDetaching] = useState(false);
  const b = frConsole.deliveries.blocks;
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={mode}
        onChange={(_event, next: 'blocks' | 'code' | null) => next && setMode(next)}
        aria-label={b.mode}
      >
        <Tooltip title={b.modeHints.blocks} describeChild>
          <ToggleButton value="blocks">{b.modeBlocks}</ToggleButton>
        </Tooltip>
        <Tooltip title={b.modeHints.code} describeChild>
          <ToggleButton value="code">{b.modeCode}</ToggleButton>
        </Tooltip>
      </ToggleButtonGroup>
      {mode === 'blocks' ? (
        <BlocksEditor {...props} />
      ) : (
        <>
          {draft.blocks && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" onClick={() => setDetaching(true)}>
                  {b.detach}
                </Button>
              }
            >
              {b.blocksTemplate}
            </Alert>
          )}
          <CodeEditors {...props} readOnly={Boolean(draft.blocks)} />
          <ConfirmDialog
            open={detaching}
            title={b.detachTitle}
            text={b.detachText}
            confirmColor="primary"
            onCancel={() => setDetaching(false)}
            onConfirm={() => {
              setDetaching(false);
              change({ blocks: null });
            }}
          />
        </>
      )}
    </Stack>
  );
}

/** The three code editors; read only while blocks write the code. */
function CodeEditors({ draft, change, ampRefusal, readOnly }: TabProps & { readOnly: boolean }) {
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
  const ampErrors = useAmpErrors(draft.codeAmp, ampRefusal, CHECK_DELAY_MS);
  const [ampView, setAmpView] = useState<EditorView | null>(null);
  const htmlBytes = useMemo(() => byteLength(draft.html), [draft.html]);
  // The editors' views, and the one last focused: where the variables list inserts.
  const views = useRef<Partial<Record<CodeField, EditorView>>>({});
  const [target, setTarget] = useState<CodeField>('html');
  const insert = useCallback(
    (text: string) => {
      const view = views.current[target];
      if (!view) return;
      view.dispatch({ ...view.state.replaceSelection(text), scrollIntoView: true, userEvent: 'input' });
      view.focus();
    },
    [target],
  );

  // The errors of the code on screen become the AMP editor's lint diagnostics (at their line and column).
  useEffect(() => {
    if (!ampView || ampErrors === null || ampView.state.doc.toString() !== draft.codeAmp) return;
    ampView.dispatch(setDiagnostics(ampView.state, ampDiagnostics(ampView.state.doc, ampErrors)));
  }, [ampView, ampErrors, draft.codeAmp]);

  return (
    <Stack spacing={2}>
      {failure && <CannotBeSent />}
      <VariablesList draft={draft} target={EDITORS.find((e) => e.field === target)?.label ?? ''} onInsert={insert} />
      {EDITORS.map(({ field, apiField, label, minHeight, markup }) => {
        const labelId = `code-${field}-label`;
        return (
          // Focus inside an editor makes it the variables' target (focus events bubble in React).
          <Box key={field} onFocus={() => setTarget(field)}>
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
                ...(field === 'codeAmp' ? AMP_EXTENSIONS : []),
                // Read only, yet focusable: the keyboard still reaches, scrolls and selects it.
                ...(readOnly ? [EditorState.readOnly.of(true)] : []),
                EditorView.lineWrapping,
                // tabindex: axe counts a contenteditable as focusable only with it, and a long code scrolls.
                EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false', tabindex: '0' }),
              ]}
              onCreateEditor={(view) => {
                views.current[field] = view;
                if (field === 'codeAmp') setAmpView(view);
              }}
            />
            {field === 'html' && htmlBytes > GMAIL_CLIP_BYTES && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {t.htmlClipped(Math.ceil(htmlBytes / 1024))}
              </Alert>
            )}
            {field === 'codeAmp' && ampErrors && ampErrors.length > 0 && <AmpErrorList errors={ampErrors} />}
            {failure?.field === apiField && <CompileMessage failure={failure} />}
          </Box>
        );
      })}
      {failure && !EDITORS.some((e) => e.apiField === failure.field) && <CompileMessage failure={failure} />}
    </Stack>
  );
}

/** The AMP errors, in words, under the AMP editor (the editor marks each at its place). */
function AmpErrorList({ errors }: { errors: AmpError[] }) {
  return (
    <Alert severity="error" sx={{ mt: 1 }}>
      {t.ampErrors(errors.length)}
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {errors.slice(0, LISTED_AMP_ERRORS).map((error, index) => (
          <li key={index}>{t.ampError(error.line, error.column, error.message)}</li>
        ))}
        {errors.length > LISTED_AMP_ERRORS && <li>…</li>}
      </Box>
    </Alert>
  );
}
