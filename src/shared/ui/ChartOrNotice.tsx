import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { frConsole } from '../i18n/frConsole';

/** Below two points a chart draws an empty frame (a line needs two ends): a sentence says so instead. */
export const MIN_CHART_POINTS = 2;

/** The chart when it has at least two points to draw, else the sentence that says why there is none. */
export function ChartOrNotice({ points, children }: { points: number; children: ReactNode }) {
  if (points >= MIN_CHART_POINTS) return <>{children}</>;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
      {frConsole.charts.notEnoughPoints}
    </Typography>
  );
}
