import { Alert, Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { appConfig } from '../../../shared/config/appConfig';
import { formatDateTimeIn } from '../../../shared/lib/dates';
import { frConsole } from '../../../shared/i18n/frConsole';
import { ChartOrNotice } from '../../../shared/ui/ChartOrNotice';
import type { SendReport, TimelinePoint } from '../types';

const t = frConsole.sendReport;
const label = (at: string) => formatDateTimeIn(at, appConfig.timezone);

/** Opens and clicks on one hour axis: the hours either happened in. */
function hourly(opens: TimelinePoint[], clicks: TimelinePoint[]) {
  const hours = [...new Set([...opens, ...clicks].map((point) => point.at))].sort();
  const of = (points: TimelinePoint[], at: string) => points.find((point) => point.at === at)?.count ?? 0;
  return { hours, opens: hours.map((at) => of(opens, at)), clicks: hours.map((at) => of(clicks, at)) };
}

/** Sent per minute, and opens and clicks per hour (MUI X Charts); a chart of fewer than two points is a sentence. */
export function SendTimeline({ timeline }: { timeline: SendReport['timeline'] }) {
  const { sentPerMinute, opensPerHour, clicksPerHour } = timeline;
  if (sentPerMinute.length === 0 && opensPerHour.length === 0) return <Alert severity="info">{t.noTimeline}</Alert>;
  const perHour = hourly(opensPerHour, clicksPerHour);
  return (
    <Box sx={{ maxWidth: '100%', overflow: 'hidden' }}>
      <Typography variant="subtitle1" component="h3">
        {t.sentPerMinute}
      </Typography>
      <ChartOrNotice points={sentPerMinute.length}>
        <BarChart
          height={220}
          xAxis={[{ scaleType: 'band', data: sentPerMinute.map((point) => label(point.at)) }]}
          series={[{ data: sentPerMinute.map((point) => point.count), label: t.sent }]}
        />
      </ChartOrNotice>
      {perHour.hours.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">
            {t.opensClicksPerHour}
          </Typography>
          <ChartOrNotice points={perHour.hours.length}>
            <LineChart
              height={220}
              xAxis={[{ scaleType: 'point', data: perHour.hours.map(label) }]}
              series={[
                { data: perHour.opens, label: t.opens },
                { data: perHour.clicks, label: t.clicks },
              ]}
            />
          </ChartOrNotice>
        </>
      )}
    </Box>
  );
}
