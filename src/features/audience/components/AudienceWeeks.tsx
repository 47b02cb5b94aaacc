import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { errorMessage } from '../../../shared/api';
import { frAudience as t } from '../../../shared/i18n/frAudience';
import { useGetAudienceQuery } from '../api';
import type { AudienceWeek } from '../types';

/** A week's Monday as the axis shows it: 02/03. */
const monday = (week: string) => `${week.slice(8, 10)}/${week.slice(5, 7)}`;

/** The series' chart (MUI X Charts); fewer than two points make no line: a sentence says so. */
export function AudienceWeeksChart({ weeks }: { weeks: AudienceWeek[] }) {
  if (weeks.length < 2) return <Alert severity="info">{t.tooFewWeeks}</Alert>;
  return (
    <LineChart
      height={260}
      xAxis={[{ scaleType: 'point', data: weeks.map((week) => monday(week.week)) }]}
      series={[
        { data: weeks.map((week) => week.followers), label: t.weekFollowers },
        { data: weeks.map((week) => week.newFollowers), label: t.weekNewFollowers },
        { data: weeks.map((week) => week.ratingsCount), label: t.weekRatings },
      ]}
    />
  );
}

/** One creator's weeks: followers at each week's end, new followers and ratings given. */
export function AudienceWeeks({ channelId, name }: { channelId: string; name: string }) {
  const { data, error, isLoading } = useGetAudienceQuery(channelId);
  return (
    <Box component="section" aria-label={t.weeksTitle(name)} sx={{ maxWidth: '100%', overflow: 'hidden' }}>
      <Typography variant="h6" component="h2">
        {t.weeksTitle(name)}
      </Typography>
      {isLoading && <LinearProgress aria-label={t.loadingWeeks} />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && <AudienceWeeksChart weeks={data.weeks} />}
    </Box>
  );
}
