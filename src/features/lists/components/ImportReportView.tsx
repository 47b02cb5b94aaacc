import { Alert, Box, List as MuiList, ListItem, Typography } from '@mui/material';
import { frConsole } from '../../../shared/i18n/frConsole';
import type { ImportReport } from '../types';

const SHOWN = 20;

/** What an import or a target list did: counts, duplicate and excluded lines, and each refused line with why. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { added, duplicates, invalid, duplicateLines, invalidLines, removed, encoding, separator } = report;
  const suppressed = report.suppressed ?? 0;
  const suppressedLines = report.suppressedLines ?? [];
  return (
    <Box role="region" aria-label="Rapport">
      <Alert severity={invalid > 0 ? 'warning' : 'success'} sx={{ mb: 1 }}>
        {[
          frConsole.lists.report.added(added),
          frConsole.lists.report.duplicates(duplicates),
          frConsole.lists.report.invalid(invalid),
          ...(suppressed > 0 ? [frConsole.lists.report.suppressed(suppressed)] : []),
        ].join(' · ')}
        {removed ? ` · ${frConsole.lists.ciblage.removed(removed)}` : ''}
      </Alert>
      {encoding && separator && <Typography variant="body2">{frConsole.lists.report.readAs(encoding, separator)}</Typography>}
      {duplicateLines.length > 0 && (
        <Typography variant="body2">
          {frConsole.lists.report.duplicateLines(duplicateLines.slice(0, SHOWN).join(', '))}
          {duplicates > SHOWN ? ` ${frConsole.lists.report.more(duplicates - SHOWN)}` : ''}
        </Typography>
      )}
      {suppressedLines.length > 0 && (
        <Typography variant="body2">
          {frConsole.lists.report.suppressedLines(suppressedLines.slice(0, SHOWN).join(', '))}
          {suppressed > SHOWN ? ` ${frConsole.lists.report.more(suppressed - SHOWN)}` : ''}
        </Typography>
      )}
      {invalidLines.length > 0 && (
        <MuiList dense>
          {invalidLines.slice(0, SHOWN).map(({ line, reason }) => (
            <ListItem key={line} disableGutters>
              {frConsole.lists.report.line(line, reason)}
            </ListItem>
          ))}
          {invalid > SHOWN && <ListItem disableGutters>{frConsole.lists.report.more(invalid - SHOWN)}</ListItem>}
        </MuiList>
      )}
    </Box>
  );
}
