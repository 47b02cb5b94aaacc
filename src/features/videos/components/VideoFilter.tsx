import { memo } from 'react';
import { OutlinedInput } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';

interface Props {
  onChange: (value: string) => void;
}

/**
 * 'Filtrer par nom de youtubeur': filters the grid by creator name as one types. An
 * OutlinedInput (what a small outlined TextField renders) rather than TextField, which brings
 * its select mode (Select, Menu, Popover) into the public page's first JavaScript.
 * Uncontrolled and memoised: the browser shows what is typed at once, and a keystroke renders
 * the grid's filtering, not the input again.
 */
export const VideoFilter = memo(function VideoFilter({ onChange }: Props) {
  return (
    <OutlinedInput
      type="search"
      defaultValue=""
      onChange={(event) => onChange(event.target.value)}
      placeholder={fr.videos.filterPlaceholder}
      inputProps={{ 'aria-label': fr.videos.filterPlaceholder }}
      size="small"
      sx={{ maxWidth: 420 }}
      fullWidth
    />
  );
});
