// One star question's ratings of one presenter (docs/exports-and-insights.md): the mean and how many gave
// each number of stars, as a bar chart (MUI X Charts) that screen readers read as one image with
// the numbers in its name.

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { RATING_MIN } from '../../../domain/constants';

/** What the chart shows of one question's ratings about a presenter. */
export interface ChartStats {
  title: string;
  /** How many star ratings the question has about the presenter. */
  count: number;
  /** Their mean (0 without ratings). */
  mean: number;
  /** How many gave 1, 2, 3, 4 and 5 stars (index 0 is 1 star). */
  distribution: number[];
}

const CHART_HEIGHT = 150;

/** A mean or spread of stars: 4.25 → '4.3' (one decimal is as much as a room's stars say). */
export const oneDecimal = (mean: number) => mean.toFixed(1);

const starLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** 'Clinical validation: mean 4.3 from 4 ratings; 1 star: 0, 2 stars: 0, …' */
export function statsSummary(stats: ChartStats): string {
  const counts = stats.distribution.map((count, index) => `${starLabel(index + RATING_MIN)}: ${count}`).join(', ');
  return `${stats.title}: mean ${oneDecimal(stats.mean)} from ${stats.count} ${stats.count === 1 ? 'rating' : 'ratings'}; ${counts}`;
}

export function StarsChart({ stats }: { stats: ChartStats }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {stats.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {stats.count === 0
          ? 'No ratings yet'
          : `Mean ${oneDecimal(stats.mean)} from ${stats.count} ${stats.count === 1 ? 'rating' : 'ratings'}`}
      </Typography>
      <Box role="img" aria-label={statsSummary(stats)}>
        <BarChart
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'band', data: stats.distribution.map((_, index) => `${index + RATING_MIN}★`) }]}
          yAxis={[{ tickMinStep: 1, width: 28 }]}
          series={[{ data: stats.distribution, label: 'Ratings' }]}
          hideLegend
          skipAnimation
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        />
      </Box>
    </Box>
  );
}
