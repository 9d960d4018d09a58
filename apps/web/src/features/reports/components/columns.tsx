import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import type { DurationStat } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../shared/RecordList';
import { formatCount, formatDuration, formatMoney } from '../numbers';

/** "4 min 12 s" over "p90 9 min" in a table cell. */
export function DurationCell({ stat }: { stat: DurationStat }) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {formatDuration(stat.median, t)}
      </Text>
      {stat.p90 !== null && (
        <Text size="xs" c="dimmed">
          {t('stat.p90')} {formatDuration(stat.p90, t)}
        </Text>
      )}
    </Stack>
  );
}

/** A right-aligned column of figures (counts, money): they line up by their last digit. */
export function figureColumn<T>(
  key: string,
  header: string,
  cell: (row: T) => ReactNode,
): RecordColumn<T> {
  return { key, header, align: 'right', cell };
}

/** A column of counts, written as people read them ("1.204"). */
export function countColumn<T>(
  key: string,
  header: string,
  value: (row: T) => number,
): RecordColumn<T> {
  return figureColumn(key, header, (row) => formatCount(value(row)));
}

/** A column of rupiah. */
export function moneyColumn<T>(
  key: string,
  header: string,
  value: (row: T) => number,
): RecordColumn<T> {
  return figureColumn(key, header, (row) => formatMoney(value(row)));
}

/** A column of durations: the median over its p90. */
export function durationColumn<T>(
  key: string,
  header: string,
  stat: (row: T) => DurationStat,
): RecordColumn<T> {
  return { key, header, cell: (row) => <DurationCell stat={stat(row)} /> };
}
