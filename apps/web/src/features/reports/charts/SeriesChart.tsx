import { useMemo } from 'react';
import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChartConfiguration, ChartDataset, TooltipItem } from 'chart.js';
import { ChartCanvas } from './ChartCanvas';

/** The reports' colours: Mantine's palette at shades that read on white and in print. */
export const CHART_COLORS = {
  teal: '#1b997c',
  blue: '#228be6',
  orange: '#fd7e14',
  grape: '#ae3ec9',
  red: '#e03131',
  yellow: '#f59f00',
  cyan: '#1098ad',
  indigo: '#4c6ef5',
  pink: '#d6336c',
  gray: '#868e96',
} as const;

export const CHART_SEQUENCE = Object.values(CHART_COLORS);

export interface Series {
  label: string;
  data: (number | null)[];
  color: string;
  /** One colour per bar (a rating's red to green), instead of `color`. */
  colors?: string[];
  /** Bars by default; a line reads better for times and averages. */
  kind?: 'bar' | 'line';
  /** Lines and bars on one chart: the line on the right-hand axis. */
  axis?: 'left' | 'right';
}

/** Steps a duration axis may take, in seconds: round to a person (30 s, 5 min, 2 h, 1 d…). */
const DURATION_STEPS = [
  1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 21_600, 43_200, 86_400,
  172_800, 604_800, 1_209_600, 2_592_000,
];

/** The smallest round step that draws the axis up to `max` in five ticks or fewer. */
export function durationStep(max: number): number {
  return DURATION_STEPS.find((step) => max / step <= 5) ?? DURATION_STEPS.at(-1)!;
}

function maxOf(series: Series[]): number {
  return Math.max(0, ...series.flatMap((s) => s.data.filter((v): v is number => v !== null)));
}

export interface SeriesChartProps {
  /** The x axis: days, agents, bands… already written for people. */
  labels: string[];
  series: Series[];
  /** How values are written on the axis and in tooltips (left axis; `formatRight` for the right). */
  format: (value: number) => string;
  formatRight?: (value: number) => string;
  /** Durations in seconds on the left (value) axis or the right one: ticks at round steps. */
  durations?: boolean;
  durationsRight?: boolean;
  /** Tooltip titles, when the axis labels are shortened (e.g. the full week). */
  titles?: string[];
  stacked?: boolean;
  horizontal?: boolean;
  height?: number;
  label: string;
  testId?: string;
}

const GRID = 'rgba(134, 142, 150, 0.18)';
const TICKS = '#6b7280';

function dataset(s: Series, stacked: boolean): ChartDataset<'bar' | 'line', (number | null)[]> {
  const yAxisID = s.axis === 'right' ? 'right' : 'y';
  if (s.kind === 'line')
    return {
      type: 'line',
      label: s.label,
      data: s.data,
      borderColor: s.color,
      backgroundColor: s.color,
      borderWidth: 2,
      pointRadius: s.data.length > 40 ? 0 : 2.5,
      pointHoverRadius: 5,
      tension: 0.3,
      // A day without a figure is a gap, not a line drawn through it.
      spanGaps: false,
      yAxisID,
      order: 0,
    };
  return {
    type: 'bar',
    label: s.label,
    data: s.data,
    backgroundColor: s.colors ?? s.color,
    borderRadius: stacked ? 0 : 4,
    maxBarThickness: 28,
    yAxisID,
    order: 1,
  };
}

/** Bars and lines over days (or agents, bands…), with the reports' tooltips and axes. */
export function SeriesChart({
  labels,
  series,
  format,
  formatRight,
  durations = false,
  durationsRight = false,
  titles,
  stacked = false,
  horizontal = false,
  height = 260,
  label,
  testId,
}: SeriesChartProps) {
  // Callers build their arrays on every render; the chart is drawn again only when what it shows
  // changes (the words change with the language, so the formatters' language does too).
  const key = JSON.stringify([
    labels,
    series,
    titles,
    stacked,
    horizontal,
    format(1000),
    durations,
  ]);
  const config = useMemo((): ChartConfiguration<'bar' | 'line'> => {
    const right = series.some((s) => s.axis === 'right');
    const valueAxis = horizontal ? 'x' : 'y';
    const tick = (f: (v: number) => string) => (value: number | string) =>
      typeof value === 'number' ? f(value) : value;
    const left = series.filter((s) => s.axis !== 'right');
    const integers = left.every((x) => x.data.every((v) => v === null || Number.isInteger(v)));
    // Counts tick at whole numbers (no "0, 0, 1, 1, 2"); durations at round times.
    const leftStep = durations
      ? { stepSize: durationStep(maxOf(left)) }
      : integers
        ? { precision: 0 }
        : {};
    const rightStep = durationsRight
      ? { stepSize: durationStep(maxOf(series.filter((s) => s.axis === 'right'))) }
      : {};
    return {
      type: 'bar',
      data: { labels, datasets: series.map((s) => dataset(s, stacked)) },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: {
            display: series.length > 1,
            position: 'bottom',
            labels: { boxWidth: 10, boxHeight: 10, usePointStyle: true, color: TICKS },
          },
          tooltip: {
            callbacks: {
              title: (items: TooltipItem<'bar' | 'line'>[]) => {
                const i = items[0]?.dataIndex ?? 0;
                return titles?.[i] ?? labels[i] ?? '';
              },
              label: (item: TooltipItem<'bar' | 'line'>) => {
                const raw = horizontal ? item.parsed.x : item.parsed.y;
                if (raw === null || raw === undefined) return `${item.dataset.label}: —`;
                const f = item.dataset.yAxisID === 'right' && formatRight ? formatRight : format;
                return `${item.dataset.label}: ${f(raw)}`;
              },
            },
          },
        },
        scales: {
          [horizontal ? 'y' : 'x']: {
            stacked,
            grid: { display: false },
            // A few bands or agents all show their names; days skip some when they crowd.
            ticks: {
              color: TICKS,
              autoSkip: labels.length > 12,
              // Named bands may tilt to fit; days skip instead.
              maxRotation: labels.length > 12 ? 0 : 40,
              autoSkipPadding: 12,
            },
          },
          [valueAxis]: {
            stacked,
            beginAtZero: true,
            grid: { color: GRID },
            border: { display: false },
            ticks: { color: TICKS, maxTicksLimit: 6, callback: tick(format), ...leftStep },
          },
          ...(right && !horizontal
            ? {
                right: {
                  position: 'right' as const,
                  beginAtZero: true,
                  grid: { display: false },
                  border: { display: false },
                  ticks: {
                    color: TICKS,
                    maxTicksLimit: 6,
                    callback: tick(formatRight ?? format),
                    ...rightStep,
                  },
                },
              }
            : {}),
        },
      },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const { t } = useTranslation('reports');
  // An empty period draws no axes from nothing: it says so, at the chart's height.
  if (maxOf(series) === 0 && series.every((x) => x.data.every((v) => !v)))
    return (
      <Center h={height} data-testid={testId} data-empty="true">
        <Text size="sm" c="dimmed">
          {t('state.noChart')}
        </Text>
      </Center>
    );
  return <ChartCanvas config={config} height={height} label={label} testId={testId} />;
}
