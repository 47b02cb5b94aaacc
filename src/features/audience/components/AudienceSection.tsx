import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectCanSend } from '../../../shared/session';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { errorMessage } from '../../../shared/api';
import { apiUrl } from '../../../shared/config/hosts';
import { fr } from '../../../shared/i18n/fr';
import { frAudience as t } from '../../../shared/i18n/frAudience';
import { followDownload } from '../../../shared/lib/download';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Feedback, type FeedbackMessage } from '../../../shared/ui/Feedback';
import { Section } from '../../../shared/ui/Section';
import { useTableQuery } from '../../../shared/ui/useTableQuery';
import { audienceCsvPath, useAudienceDownloadLinkMutation, useGetAudiencePageQuery } from '../api';
import type { Audience } from '../types';

const count = (key: 'followers' | 'newFollowers7' | 'newFollowers30' | 'digestSubscribers', label: string): Column<Audience> => ({
  key,
  label,
  text: (row) => String(row[key]),
  sortField: key,
});

const columns: Column<Audience>[] = [
  { key: 'name', label: t.creator, text: (row) => row.name, sortField: 'name' },
  { key: 'theme', label: t.category, text: (row) => row.theme, sortField: 'theme' },
  count('followers', t.followers),
  count('newFollowers7', t.newFollowers7),
  count('newFollowers30', t.newFollowers30),
  count('digestSubscribers', t.digestSubscribers),
  // The video panel's three criteria (spec §2.4): average (count).
  ...fr.ratings.criteria.map(
    (label): Column<Audience> => ({
      key: `ratings.${label}`,
      label: t.criterion(label),
      text: (row) => t.criterionCell(row.ratings[label]?.average ?? null, row.ratings[label]?.count ?? 0),
      sortField: `ratings.${label}`,
    }),
  ),
  {
    key: 'bestVideos',
    label: t.bestVideos,
    text: (row) => (row.bestVideos.length ? row.bestVideos.map((video) => t.bestVideo(video.title, video.average)).join(' · ') : t.none),
  },
];

/**
 * The creators visitors follow and their figures (docs/architecture.md, «The audience
 * console»): sorted and paged by the server, filtered by category and name, exported as CSV
 * with the same filters and order; a row opens the creator (`onOpen`).
 */
export function AudienceSection({ onOpen }: { onOpen: (creator: Audience) => void }) {
  const [query, setQuery] = useTableQuery([{ field: 'followers', direction: 'desc' }]);
  const [category, setCategory] = useState<string | null>(null);
  const { data, isFetching } = useGetAudiencePageQuery({ query, category });
  const [downloadLink, exporting] = useAudienceDownloadLinkMutation();
  const canSend = useSelector(selectCanSend);
  const [feedback, setFeedback] = useState<FeedbackMessage | null>(null);
  const onExport = async () => {
    setFeedback(null);
    try {
      const { token } = await downloadLink({ query, category }).unwrap();
      followDownload(apiUrl(audienceCsvPath(token)));
    } catch (failure) {
      setFeedback({ severity: 'error', text: errorMessage(failure) });
    }
  };
  return (
    <Section
      title={t.section}
      actions={
        <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <TextField
            select
            size="small"
            label={t.category}
            value={category ?? ''}
            onChange={(event) => {
              setCategory(event.target.value || null);
              setQuery({ ...query, page: 1 });
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t.allCategories}</MenuItem>
            {(data?.categories ?? []).map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          {canSend && (
            <Button variant="outlined" onClick={() => void onExport()} disabled={exporting.isLoading}>
              {t.exportCsv}
            </Button>
          )}
        </Stack>
      }
    >
      <Feedback message={feedback} />
      <DataTable
        label={t.table}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        rowKey={(row) => row.channelId}
        onRowClick={onOpen}
        loading={isFetching}
      />
    </Section>
  );
}
