import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { frRapports as t } from '../../../shared/i18n/frRapports';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useGetRapportsPageQuery } from '../api';
import type { Rapport, RapportStatus } from '../types';
import { RapportActions } from './RapportActions';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

const columns: Column<Rapport>[] = [
  { key: 'created', label: t.date, text: (r) => dateTime.format(new Date(r.created)), sortField: 'created' },
  { key: 'reference', label: t.reference, text: (r) => r.reference, sortField: 'reference' },
  { key: 'description', label: t.description, text: (r) => r.description },
  { key: 'route', label: t.route, text: (r) => r.route ?? '' },
  { key: 'build', label: t.build, text: (r) => `${r.version ?? '?'} (${r.commit ?? '?'})` },
  { key: 'browser', label: t.browser, text: (r) => (r.userAgent ? t.browserOf(r.userAgent) : '') },
  { key: 'errors', label: t.errors, text: (r) => (r.hasErrors ? t.withErrors : t.withoutErrors) },
  { key: 'status', label: t.status, text: (r) => t.statuses[r.status], sortField: 'status' },
];

interface Props {
  href: (id: number) => string;
  onOpen: (id: number) => void;
}

/** The reports received, newest first, searchable (reference, description, page, browser) and filtered by state. */
export function RapportsSection({ href, onOpen }: Props) {
  const [query, setQuery] = useTableQuery([{ field: 'created', direction: 'desc' }]);
  const [status, setStatus] = useState<RapportStatus | null>(null);
  const { data, isFetching } = useGetRapportsPageQuery({ query, status });
  return (
    <Section
      title={t.title}
      actions={
        <TextField
          select
          size="small"
          label={t.filter}
          value={status ?? ''}
          onChange={(event) => {
            setStatus((event.target.value || null) as RapportStatus | null);
            setQuery({ ...query, page: 1 });
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t.all}</MenuItem>
          <MenuItem value="à traiter">{t.statuses['à traiter']}</MenuItem>
          <MenuItem value="traité">{t.statuses['traité']}</MenuItem>
        </TextField>
      }
    >
      <DataTable
        label={t.title}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(r) => r.id}
        rowHref={(r) => href(r.id)}
        onRowClick={(r) => onOpen(r.id)}
        loading={isFetching}
        actions={(r) => <RapportActions rapport={r} />}
        actionsLabel={t.status}
      />
    </Section>
  );
}
