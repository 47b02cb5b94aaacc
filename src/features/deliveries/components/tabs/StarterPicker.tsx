import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { frConsole } from '../../../../shared/i18n/frConsole';
import { useGetStartersQuery } from '../../api';
import type { TabProps } from './types';

const t = frConsole.deliveries.starters;

/** The template has no code yet: what « Nouveau modèle » just made, or one emptied. */
export const hasNoCode = (draft: TabProps['draft']) => !draft.html.trim() && !draft.text.trim() && !draft.codeAmp.trim();

/**
 * The starting points of an empty template (issue 41): each fills the subject (when empty),
 * the HTML, the text, the AMP and the blocks of the working copy, which the operator adapts and saves.
 */
export function StarterPicker({ draft, change }: TabProps) {
  const { data: starters } = useGetStartersQuery();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="starters-title" sx={{ p: 2 }}>
      <Typography id="starters-title" variant="subtitle1" component="h3">
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t.intro}
      </Typography>
      {!starters && <LinearProgress aria-label={t.loading} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {starters?.map((starter) => (
          // Named by its label, described by the sentence under it.
          <Box key={starter.id} sx={{ flex: { sm: '1 1 200px' } }}>
            <Button
              variant="outlined"
              fullWidth
              aria-describedby={`starter-${starter.id}`}
              onClick={() =>
                change({
                  subject: draft.subject.trim() ? draft.subject : starter.subject,
                  html: starter.html,
                  text: starter.text,
                  codeAmp: starter.amp,
                  // Its blocks too: the Code tab's « Blocs » mode opens on them.
                  blocks: starter.blocks ?? null,
                })
              }
            >
              {starter.label}
            </Button>
            <Typography id={`starter-${starter.id}`} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {starter.description}
            </Typography>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
