import { MenuItem, TextField } from '@mui/material';

interface Props {
  label: string;
  value: string | number;
  /** value → what the user sees. */
  choices: Record<string, string>;
  onChange: (value: string) => void;
}

/** A select among fixed choices. */
export function ChoiceField({ label, value, choices, onChange }: Props) {
  return (
    <TextField select label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 240 }}>
      {Object.entries(choices).map(([choice, name]) => (
        <MenuItem key={choice} value={choice}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
