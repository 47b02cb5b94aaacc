import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { usePreviewDeliveryMutation } from '../../api';
import { contentOf } from '../../draft';
import { ErrorAlert } from '../ErrorAlert';
import { CannotBeSent, CompileMessage, compileFailureOf } from './CompileFailure';
import type { TabProps } from './types';

const DEBOUNCE_MS = 400;
/** The widths a message is read at: a desktop mail client's usual 600 px, and a phone's 375 px. */
const WIDTHS = { desktop: 600, phone: 375 } as const;
type Width = keyof typeof WIDTHS;
const t = frConsole.deliveries.preview;
/**
 * No script runs in the preview, so the AMP runtime never lifts the required boilerplate's
 * `body{visibility:hidden}`: the preview lifts it (a later rule of the same weight wins).
 */
const SHOW_AMP_BODY = '<style>body{visibility:visible}</style>';

/**
 * A live preview, rendered by the server exactly as a contact would receive it. The frames
 * run no script and get an origin of their own (sandbox without allow-scripts or allow-same-origin).
 */
export function ContentTab({ draft }: Pick<TabProps, 'draft'>) {
  const [preview, { data, error, isUninitialized }] = usePreviewDeliveryMutation();
  // The saved template's id: its videos blocks show what its next send to the draft's list would.
  const content = useMemo(() => ({ ...contentOf(draft), ...(draft.id ? { delId: draft.id } : {}) }), [draft]);
  const [width, setWidth] = useState<Width>('desktop');
  useEffect(() => {
    const timer = setTimeout(() => void preview(content), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [content, preview]);

  const failure = compileFailureOf(error);
  // A template that does not compile: the same words as under its code editor, line and column included.
  if (failure)
    return (
      <Stack spacing={1}>
        <CannotBeSent />
        <CompileMessage failure={failure} />
      </Stack>
    );
  if (error) return <ErrorAlert error={error} />;
  if (isUninitialized || !data) return null;
  if (!data.html && !data.amp && !data.text) return <Alert severity="info">{t.empty}</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1">{t.subject(data.subject)}</Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={width}
        onChange={(_event, next: Width | null) => next && setWidth(next)}
        aria-label={frConsole.templates.previewWidth}
      >
        <ToggleButton value="desktop">{frConsole.templates.desktop(WIDTHS.desktop)}</ToggleButton>
        <ToggleButton value="phone">{frConsole.templates.phone(WIDTHS.phone)}</ToggleButton>
      </ToggleButtonGroup>
      {data.missing.length > 0 && <Alert severity="warning">{t.missing(data.missing.join(', '))}</Alert>}
      {data.html && <PreviewFrame title={t.html} html={data.html} width={WIDTHS[width]} />}
      {data.amp && <PreviewFrame title={t.amp} html={`${data.amp}${SHOW_AMP_BODY}`} width={WIDTHS[width]} />}
      {!data.html && data.text && (
        <Box component="pre" sx={{ whiteSpace: 'pre-wrap', border: 1, borderColor: 'divider', p: 1 }}>
          {data.text}
        </Box>
      )}
    </Stack>
  );
}

function PreviewFrame({ title, html, width }: { title: string; html: string; width: number }) {
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      <Box
        component="iframe"
        title={title}
        sandbox=""
        srcDoc={html}
        sx={{ width, maxWidth: '100%', height: 360, border: 1, borderColor: 'divider', bgcolor: 'common.white', display: 'block' }}
      />
    </Box>
  );
}
