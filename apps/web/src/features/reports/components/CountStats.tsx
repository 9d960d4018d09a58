import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../numbers';
import { StatCard, type Better } from './figures';

/**
 * A figure's value and, when the period before is asked for, its value then: the props a
 * `StatCard` compares with. `previous` undefined means no comparison; null, nothing before.
 */
export function compared<V extends number | null>(
  current: V,
  previous: V | undefined,
  format: (value: V) => string,
) {
  return {
    value: format(current),
    current,
    ...(previous === undefined ? {} : { previous, previousText: format(previous) }),
  };
}

/** One counted figure of a tab: which way is good, and its definition when it has another name. */
export interface CountMetric<K extends string> {
  key: K;
  better: Better;
  definition?: string;
}

/**
 * A stat card per counted figure, named `metrics.<key>` and defined by `definitions.<key>`,
 * against the period before when there is one.
 */
export function CountStats<K extends string>({
  metrics,
  totals,
  previous,
  footer,
}: {
  metrics: readonly CountMetric<K>[];
  totals: Record<K, number>;
  previous: Record<K, number> | null | undefined;
  footer?: (key: K) => ReactNode;
}) {
  const { t } = useTranslation('reports');
  return metrics.map(({ key, better, definition }) => (
    <StatCard
      key={key}
      label={t(`metrics.${key}`)}
      definition={t(`definitions.${definition ?? key}`)}
      {...compared(totals[key], previous?.[key], formatCount)}
      better={better}
      footer={footer?.(key)}
      testId={`report-stat-${key}`}
    />
  ));
}
