import { useState } from 'react';
import { Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { frConsole } from '../i18n/frConsole';
import { addSequenceItem, removeSequenceItem, updateSequenceItem, type SequenceDraft, type SequenceItem } from '../lib/sequence';

interface Props {
  items: readonly SequenceItem[];
  onChange: (items: SequenceItem[]) => void;
  /** The profil new items carry. */
  profil: string;
  label: string;
}

const FIELDS = ['key', 'value', 'type', 'profil'] as const;

/** Edits a key/value sequence with spec §4's rules: add appends, remove renumbers, edit replaces. */
export function SequenceEditor({ items, onChange, profil, label }: Props) {
  const blank: SequenceDraft = { key: '', value: '', type: 'text', profil };
  const [draft, setDraft] = useState<SequenceDraft>(blank);
  const canAdd = draft.key.trim() !== '' || draft.value.trim() !== '';

  return (
    <Stack spacing={2}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{frConsole.sequence.position}</TableCell>
            {FIELDS.map((field) => (
              <TableCell key={field}>{frConsole.sequence[field]}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.sequence}>
              <TableCell>{item.sequence}</TableCell>
              {FIELDS.map((field) => (
                <TableCell key={field}>
                  <TextField
                    size="small"
                    fullWidth
                    multiline={field === 'value'}
                    slotProps={{ htmlInput: { 'aria-label': `${frConsole.sequence[field]} ${item.sequence}` } }}
                    value={item[field]}
                    onChange={(event) => onChange(updateSequenceItem(items, { ...item, [field]: event.target.value }))}
                  />
                </TableCell>
              ))}
              <TableCell>
                <IconButton aria-label={frConsole.sequence.remove(item.sequence)} onClick={() => onChange(removeSequenceItem(items, item.sequence))}>
                  ×
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {items.length === 0 && <Typography color="textSecondary">{frConsole.sequence.empty}</Typography>}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            size="small"
            label={frConsole.sequence[field]}
            value={draft[field]}
            onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
          />
        ))}
        <Button
          variant="outlined"
          disabled={!canAdd}
          onClick={() => {
            onChange(addSequenceItem(items, draft));
            setDraft(blank);
          }}
        >
          {frConsole.sequence.add}
        </Button>
      </Stack>
    </Stack>
  );
}
