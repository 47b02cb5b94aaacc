import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { frConsole } from '../../../shared/i18n/frConsole';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useCreateAutomationMutation, useGetAutomationOptionsQuery, useGetAutomationsPageQuery } from '../api';
import type { Automation } from '../types';

const t = frConsole.automations;

const columns: Column<Automation>[] = [
  { key: 'name', label: t.name, text: (a) => a.name, sortField: 'name' },
  { key: 'status', label: t.status, text: (a) => t.statuses[a.status], sortField: 'status' },
  { key: 'entry', label: t.entry, text: (a) => t.entries[a.entry] },
  { key: 'steps', label: t.stepsCount, text: (a) => String(a.steps.length) },
];

interface Props {
  user: number;
  href: (id: number) => string;
  onOpen: (id: number) => void;
}

/** The operator's automations, and a new one (named, on a list) opened at once. */
export function AutomationsSection({ user, href, onOpen }: Props) {
  const [query, setQuery] = useTableQuery([{ field: 'name', direction: 'asc' }]);
  const { data, isFetching } = useGetAutomationsPageQuery({ user, query });
  const [creating, setCreating] = useState(false);
  return (
    <Section
      title={t.title}
      actions={
        <Button variant="contained" onClick={() => setCreating(true)}>
          {t.create}
        </Button>
      }
    >
      <DataTable
        label={t.title}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(a) => a.id}
        rowHref={(a) => href(a.id)}
        onRowClick={(a) => onOpen(a.id)}
        loading={isFetching}
      />
      {creating && <CreateDialog user={user} onClose={() => setCreating(false)} onCreated={onOpen} />}
    </Section>
  );
}

function CreateDialog({ user, onClose, onCreated }: { user: number; onClose: () => void; onCreated: (id: number) => void }) {
  const { data: options } = useGetAutomationOptionsQuery(user);
  const [name, setName] = useState('');
  const [grp, setGrp] = useState<number | ''>('');
  const [error, setError] = useState<FeedbackMessage | null>(null);
  const [create, { isLoading }] = useCreateAutomationMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (grp === '') return;
    try {
      const created = await create({ name: name.trim(), trigger: { type: 'liste', grp }, entry: 'une fois', steps: [] }).unwrap();
      onClose();
      onCreated(created.id);
    } catch (failure) {
      setError({ severity: 'error', text: errorMessage(failure) });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="automation-create-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="automation-create-title">{t.createTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField autoFocus size="small" label={t.name} value={name} onChange={(e) => setName(e.target.value)} required />
            <TextField select size="small" label={t.list} value={grp} onChange={(e) => setGrp(Number(e.target.value))} required>
              {(options?.lists ?? []).map((list) => (
                <MenuItem key={list.id} value={list.id}>
                  {list.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Feedback message={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={isLoading || !name.trim() || grp === ''}>
            {t.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
