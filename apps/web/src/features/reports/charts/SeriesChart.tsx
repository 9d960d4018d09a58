import { useMemo } from 'react';
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

export interface SeriesChartProps {
  /** The x axis: days, agents, bands… already written for people. */
  labels: string[];
  series: Series[];
  /** How values are written on the axis and in tooltips (left axis; `formatRight` for the right). */
  format: (value: number) => string;
  formatRight?: (value: number) => string;
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
      spanGaps: true,
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
  titles,
  stacked = false,
  horizontal = false,
  height = 260,
  label,
  testId,
}: SeriesChartProps) {
  // Callers build their arrays on every render; the chart is drawn again only when what it shows
  // changes (the words change with the language, so the formatters' language does too).
  const key = JSON.stringify([labels, series, titles, stacked, horizontal, format(1000)]);
  const config = useMemo((): ChartConfiguration<'bar' | 'line'> => {
    const right = series.some((s) => s.axis === 'right');
    const valueAxis = horizontal ? 'x' : 'y';
    const tick = (f: (v: number) => string) => (value: number | string) =>
      typeof value === 'number' ? f(value) : value;
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
            ticks: { color: TICKS, autoSkip: true, maxRotation: 0, autoSkipPadding: 12 },
          },
          [valueAxis]: {
            stacked,
            beginAtZero: true,
            grid: { color: GRID },
            border: { display: false },
            ticks: { color: TICKS, maxTicksLimit: 6, callback: tick(format) },
          },
          ...(right && !horizontal
            ? {
                right: {
                  position: 'right' as const,
                  beginAtZero: true,
                  grid: { display: false },
                  border: { display: false },
                  ticks: { color: TICKS, maxTicksLimit: 6, callback: tick(formatRight ?? format) },
                },
              }
            : {}),
        },
      },
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return <ChartCanvas config={config} height={height} label={label} testId={testId} />;
}
