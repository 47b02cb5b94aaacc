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
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 240 }}
      // An empty value that is a choice ('Aucune') shows its name, not a blank field.
      slotProps={'' in choices ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      {Object.entries(choices).map(([choice, name]) => (
        <MenuItem key={choice} value={choice}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
