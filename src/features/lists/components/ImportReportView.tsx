import { Alert, Box, List as MuiList, ListItem, Typography } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';
import type { ImportReport } from '../types';

const SHOWN = 20;

/** What an import or a target list did: counts, duplicate lines, and each refused line with why. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const { added, duplicates, invalid, duplicateLines, invalidLines, removed, encoding, separator } = report;
  return (
    <Box role="region" aria-label="Rapport">
      <Alert severity={invalid > 0 ? 'warning' : 'success'} sx={{ mb: 1 }}>
        {[fr.lists.report.added(added), fr.lists.report.duplicates(duplicates), fr.lists.report.invalid(invalid)].join(' · ')}
        {removed ? ` · ${fr.lists.ciblage.removed(removed)}` : ''}
      </Alert>
      {encoding && separator && <Typography variant="body2">{fr.lists.report.readAs(encoding, separator)}</Typography>}
      {duplicateLines.length > 0 && (
        <Typography variant="body2">
          {fr.lists.report.duplicateLines(duplicateLines.slice(0, SHOWN).join(', '))}
          {duplicates > SHOWN ? ` ${fr.lists.report.more(duplicates - SHOWN)}` : ''}
        </Typography>
      )}
      {invalidLines.length > 0 && (
        <MuiList dense>
          {invalidLines.slice(0, SHOWN).map(({ line, reason }) => (
            <ListItem key={line} disableGutters>
              {fr.lists.report.line(line, reason)}
            </ListItem>
          ))}
          {invalid > SHOWN && <ListItem disableGutters>{fr.lists.report.more(invalid - SHOWN)}</ListItem>}
        </MuiList>
      )}
    </Box>
  );
}
