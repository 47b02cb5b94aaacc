import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Button, Stack, Typography } from '@mui/material';
import { frSegments as t } from '../../../shared/i18n/frSegments';
import { formatFrenchDate } from '../../../shared/lib/dates';
import { selectSessionUser } from '../../../shared/session';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { useGetSegmentsPageQuery, useSegmentListChoicesQuery } from '../api';
import type { Segment } from '../types';
import { SegmentEditor } from './SegmentEditor';

/** The operator's segments (issue 37): a table, a new one, and each opened in its editor with its live count. */
export function SegmentsSection() {
  const user = useSelector(selectSessionUser);
  const userId = user?.id ?? 0;
  const [query, setQuery] = useTableQuery([{ field: 'id', direction: 'desc' }]);
  const { data, isFetching } = useGetSegmentsPageQuery(query);
  const { data: lists = [] } = useSegmentListChoicesQuery(userId, { skip: !user });
  const [editing, setEditing] = useState<Segment | 'new' | null>(null);
  const listName = (grp: number | null) => (grp === null ? t.allLists : (lists.find((l) => l.id === grp)?.label ?? `#${grp}`));
  const columns: Column<Segment>[] = [
    { key: 'name', label: t.columns.name, text: (s) => s.name, sortField: 'name' },
    { key: 'list', label: t.columns.list, text: (s) => listName(s.grp) },
    { key: 'match', label: t.columns.match, text: (s) => t.rulesSummary(s.rules.length, s.match) },
    { key: 'lastModified', label: t.columns.lastModified, text: (s) => formatFrenchDate(s.lastModified), sortField: 'lastModified' },
  ];
  return (
    <Section title={t.title}>
      <Stack spacing={2}>
        <Typography variant="body2">{t.intro}</Typography>
        <Button variant="contained" sx={{ alignSelf: 'flex-start' }} onClick={() => setEditing('new')}>
          {t.newSegment}
        </Button>
        <DataTable
          label={t.title}
          columns={columns}
          rows={data?.rows ?? []}
          total={data?.total ?? 0}
          query={query}
          onQueryChange={setQuery}
          rowKey={(s) => s.id}
          loading={isFetching}
          onRowClick={(s) => setEditing(s)}
        />
      </Stack>
      {editing && <SegmentEditor key={editing === 'new' ? 'new' : editing.id} segment={editing === 'new' ? null : editing} userId={userId} onClose={() => setEditing(null)} />}
    </Section>
  );
}
