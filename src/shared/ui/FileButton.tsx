import { Button } from '@mui/material';

interface Props {
  label: string;
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
}

/** A button that picks one file; picking the same file again picks it again. */
export function FileButton({ label, accept, onFile, disabled = false }: Props) {
  return (
    <Button variant="outlined" component="label" disabled={disabled}>
      {label}
      <input
        hidden
        type="file"
        accept={accept}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Button>
  );
}
