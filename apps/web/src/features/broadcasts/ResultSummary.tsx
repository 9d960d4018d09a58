import { Card, Group, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatNumber, type BroadcastCounts, type RecipientStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { RECIPIENT_COLORS } from './parts';
import classes from './broadcasts.module.css';

/** The statuses a result page always shows, in the order a message moves through them. */
const MAIN: RecipientStatus[] = ['queue', 'sent', 'delivered', 'read', 'failed'];
/** Shown only when some recipient has them. */
const OTHER: RecipientStatus[] = [
  'sending',
  'delayed',
  'no-match-template',
  'undelivered',
  'expired',
  'cancelled',
];

function Figure({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  testId?: string;
}) {
  return (
    <Card padding="sm" radius="md" data-testid={testId}>
      <Group gap={6} wrap="nowrap">
        {color && (
          <span
            style={{
              width: 8,
              height: 8,
              borderRadius: 4,
              background: `var(--mantine-color-${color.replace('.', '-')})`,
              flexShrink: 0,
            }}
          />
        )}
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} truncate>
          {label}
        </Text>
      </Group>
      <Text fw={700} size="xl" className={classes.stat}>
        {formatNumber(value)}
      </Text>
    </Card>
  );
}

/** Totals per status as numbers and as a donut, plus replies (spec: result page). */
export function ResultSummary({ counts }: { counts: BroadcastCounts }) {
  const { t } = useTranslation('broadcasts');
  const shown = [...MAIN, ...OTHER.filter((s) => (counts.byStatus[s] ?? 0) > 0)];
  const sections = shown
    .map((s) => ({
      status: s,
      value: counts.total === 0 ? 0 : ((counts.byStatus[s] ?? 0) / counts.total) * 100,
      color: RECIPIENT_COLORS[s],
      tooltip: `${t(`recipientStatus.${s}`)}: ${formatNumber(counts.byStatus[s] ?? 0)}`,
    }))
    .filter((s) => s.value > 0);
  return (
    <Card padding="lg">
      <Group align="center" gap="xl" wrap="wrap">
        <Stack align="center" gap={4} style={{ flexShrink: 0 }} mx="auto">
          <RingProgress
            size={180}
            thickness={20}
            roundCaps={sections.length === 1}
            sections={sections}
            aria-label={t('result.chart')}
            data-testid="status-chart"
            label={
              <Stack gap={0} align="center">
                <Text fw={700} size="xl" className={classes.stat}>
                  {formatNumber(counts.total)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('result.total')}
                </Text>
              </Stack>
            }
          />
        </Stack>
        <SimpleGrid
          cols={{ base: 2, xs: 3, md: 4 }}
          spacing="sm"
          style={{ flex: 1, minWidth: 260 }}
        >
          {shown.map((s) => (
            <Figure
              key={s}
              label={t(`recipientStatus.${s}`)}
              value={counts.byStatus[s] ?? 0}
              color={RECIPIENT_COLORS[s]}
              testId={`count-${s}`}
            />
          ))}
          <Figure label={t('result.replied')} value={counts.replied} testId="count-replied" />
        </SimpleGrid>
      </Group>
    </Card>
  );
}
