import { Box, Typography } from '@mui/material';
import { frTraceViewer } from '../../../shared/i18n/frTraceViewer';
import type { MappedFrame, MappedStack } from '../types';

const stackSx = { m: 0, fontSize: '0.75rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** A frame at its source file and line (`    at src/…:14:5`), or as the browser wrote it, with why. */
const frameLine = (frame: MappedFrame) =>
  frame.source !== null ? `    at ${frame.source}:${frame.line}:${frame.column}` : frame.note ? `${frame.text} (${frame.note})` : frame.text;

/**
 * A console entry's stack read in the sources by the server (docs/qa-traces.md, «Readable
 * stacks»): each frame at its `src/…` file and line, the browser's own text folded below; a
 * stack of another build stays as written, under the server's note.
 */
export function SourceStack({ mapped }: { mapped: MappedStack }) {
  const anyMapped = mapped.frames.some((frame) => frame.source !== null);
  return (
    <Box component="section" aria-label={frTraceViewer.sourceStack} sx={{ ml: 2, mb: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {frTraceViewer.sourceStack}
      </Typography>
      {mapped.note && (
        <Typography variant="body2" color="warning.main">
          {mapped.note}
        </Typography>
      )}
      <Box component="pre" tabIndex={0} sx={stackSx}>
        {mapped.frames.map(frameLine).join('\n')}
      </Box>
      {anyMapped && (
        <details>
          <Typography component="summary" variant="caption" color="text.secondary" sx={{ cursor: 'pointer' }}>
            {frTraceViewer.browserStack}
          </Typography>
          <Box component="pre" tabIndex={0} aria-label={frTraceViewer.browserStack} sx={stackSx}>
            {mapped.stack}
          </Box>
        </details>
      )}
    </Box>
  );
}
