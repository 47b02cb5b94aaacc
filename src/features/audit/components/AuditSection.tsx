import { useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { frAudit as t } from '../../../shared/i18n/frAudit';
import { formatFrenchDateTime } from '../../../shared/lib/dates';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useGetAuditPageQuery } from '../api';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '../types';

const columns: Column<AuditEntry>[] = [
  { key: 'at', label: t.at, text: (e) => formatFrenchDateTime(e.at), sortField: 'at' },
  { key: 'user', label: t.user, text: (e) => (e.user === null ? t.self : `#${e.user}`) },
  { key: 'action', label: t.action, text: (e) => t.actions[e.action] ?? e.action, sortField: 'action' },
  { key: 'rows', label: t.rows, text: (e) => String(e.rows) },
  { key: 'subject', label: t.subject, text: (e) => (e.subject ? `${e.subject.slice(0, 24)}…` : '') },
];

/** A date field's value as the API's bound: the day's start (after) or end (before), in local time. */
const bound = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined);

/**
 * The audit trail (issue 38): newest first, filtered by action and by day on the server. It only
 * reads: no entry is changed or deleted.
 */
export function AuditSection() {
  const [query, setQuery] = useTableQuery([{ field: 'at', direction: 'desc' }]);
  const [action, setAction] = useState<AuditAction | ''>('');
  const [after, setAfter] = useState('');
  const [before, setBefore] = useState('');
  const { data, isFetching } = useGetAuditPageQuery({ query, action: action || undefined, after: bound(after, false), before: bound(before, true) });

  return (
    <Section title={t.title}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label={t.actionFilter}
          value={action}
          onChange={(event) => {
            setAction(event.target.value as AuditAction | '');
            setQuery({ ...query, page: 1 });
          }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t.allActions}</MenuItem>
          {AUDIT_ACTIONS.map((a) => (
            <MenuItem key={a} value={a}>
              {t.actions[a]}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" type="date" label={t.after} value={after} onChange={(event) => setAfter(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" type="date" label={t.before} value={before} onChange={(event) => setBefore(event.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      <DataTable
        label={t.title}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(e) => e.id}
        loading={isFetching}
      />
      {data && data.total === 0 && !isFetching && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t.empty}
        </Typography>
      )}
    </Section>
  );
}
