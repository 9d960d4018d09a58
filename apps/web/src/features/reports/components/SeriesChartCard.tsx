import { Text } from '@mantine/core';
import { SeriesChart, type SeriesChartProps } from '../charts/SeriesChart';
import { ChartCard } from './ChartCard';

/**
 * A chart in its card, named once: the card's title is the chart's accessible name. With `empty`,
 * a chart with nothing on its axis says so instead of drawing an empty frame.
 */
export function SeriesChartCard({
  title,
  definition,
  testId,
  empty,
  ...chart
}: Omit<SeriesChartProps, 'label' | 'testId'> & {
  title: string;
  definition?: string;
  testId?: string;
  empty?: string;
}) {
  return (
    <ChartCard title={title} {...(definition ? { definition } : {})} testId={testId}>
      {empty !== undefined && chart.labels.length === 0 ? (
        <Text size="sm" c="dimmed" py="lg" ta="center">
          {empty}
        </Text>
      ) : (
        <SeriesChart label={title} {...chart} />
      )}
    </ChartCard>
  );
}
