import { TextField } from '@mui/material';
import { fr } from '../../../shared/i18n/fr';

interface Props {
  value: string;
  onChange: (value: string) => void;
}

/** 'Filtrer par nom de youtubeur': filters the grid by creator name as one types. */
export function VideoFilter({ value, onChange }: Props) {
  return (
    <TextField
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={fr.videos.filterPlaceholder}
      slotProps={{ htmlInput: { 'aria-label': fr.videos.filterPlaceholder } }}
      size="small"
      sx={{ maxWidth: 420 }}
      fullWidth
    />
  );
}
