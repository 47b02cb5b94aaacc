import { Box, Typography } from '@mui/material';
import { frTraceViewer } from '../../../shared/i18n/frTraceViewer';

const reqIdOf = (line: string): string | null => {
  try {
    const value = (JSON.parse(line) as { reqId?: unknown }).reqId;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
};

/** The server's log lines of one request (by its X-Request-Id), as the server wrote them. */
export function JournalLines({ lines, requestId }: { lines: readonly string[]; requestId: string }) {
  const own = lines.filter((line) => reqIdOf(line) === requestId);
  return (
    <Box component="section" aria-label={frTraceViewer.journal} sx={{ ml: 2, mb: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {frTraceViewer.journal}
      </Typography>
      {own.length === 0 ? (
        <Typography variant="body2">{frTraceViewer.journalEmpty}</Typography>
      ) : (
        <Box component="pre" tabIndex={0} sx={{ m: 0, fontSize: '0.75rem', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {own.join('\n')}
        </Box>
      )}
    </Box>
  );
}
