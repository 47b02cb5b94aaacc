import { useState } from 'react';
import {
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { fr } from '../../../../shared/i18n/fr';
import {
  addSequenceItem,
  removeSequenceItem,
  updateSequenceItem,
  type SequenceDraft,
  type SequenceItem,
} from '../../../../shared/lib/sequence';
import { changeProperties, type TabProps } from './types';

const t = fr.deliveries;
const COLUMNS = ['key', 'value', 'type', 'profil'] as const;
const EMPTY: SequenceDraft = { key: '', value: '', type: '', profil: 'influenceur' };

/** The delivery's ordered key/value items (spec §3), kept by the shared sequence rules (spec §4). */
export function SequenceTab(props: TabProps) {
  const items = props.draft.properties.sequence ?? [];
  const [next, setNext] = useState<SequenceDraft>(EMPTY);
  const save = (sequence: SequenceItem[]) => changeProperties(props, { sequence });

  return (
    <Stack spacing={2}>
      {items.length === 0 ? (
        <Typography>{t.sequence.empty}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{t.fields[column]}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.sequence}>
                <TableCell>{item.sequence}</TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>
                    <TextField
                      size="small"
                      variant="standard"
                      value={item[column]}
                      slotProps={{ htmlInput: { 'aria-label': `${t.fields[column]} ${item.sequence}` } }}
                      onChange={(e) => save(updateSequenceItem(items, { ...item, [column]: e.target.value }))}
                    />
                  </TableCell>
                ))}
                <TableCell>
                  <IconButton
                    aria-label={t.sequence.remove(item.sequence)}
                    onClick={() => save(removeSequenceItem(items, item.sequence))}
                  >
                    ×
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Stack direction="row" spacing={1}>
        {COLUMNS.map((column) => (
          <TextField
            key={column}
            size="small"
            label={t.fields[column]}
            value={next[column]}
            onChange={(e) => setNext({ ...next, [column]: e.target.value })}
          />
        ))}
        <Button
          disabled={!next.key.trim()}
          onClick={() => {
            save(addSequenceItem(items, { ...next, key: next.key.trim() }));
            setNext(EMPTY);
          }}
        >
          {t.sequence.add}
        </Button>
      </Stack>
    </Stack>
  );
}
