import { useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import type { ReportTargets } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useReport, useSaveTargets } from '../api';
import { CHART_COLORS } from '../charts/SeriesChart';
import { CountStats, type CountMetric } from '../components/CountStats';
import { SeriesChartCard } from '../components/SeriesChartCard';
import { ChangeBadge, DurationCard, InfoTip } from '../components/figures';
import { reportErrorText } from '../errors';
import { formatCount, formatDuration } from '../numbers';
import { LiveStrip, seriesAxis, StatGrid, TabBody, type TabProps } from './shared';

const BAND_KEYS = ['lt1m', '1to5m', '5to15m', '15mto1h', '1to4h', '4to24h', 'gt24h'] as const;

type Count = 'opened' | 'reopened' | 'answered' | 'resolved' | 'unanswered';
const COUNTS: CountMetric<Count>[] = [
  { key: 'opened', better: 'neutral', definition: 'newConversations' },
  { key: 'answered', better: 'up' },
  { key: 'resolved', better: 'up' },
  { key: 'reopened', better: 'down' },
  { key: 'unanswered', better: 'down' },
];

/** Under a duration: how many went over its target, red when any did. */
function Breaches({
  label,
  definition,
  value,
  previous,
  testId,
}: {
  label: string;
  definition: string;
  value: number;
  /** undefined: no comparison asked; null: asked, nothing before. */
  previous?: number | null;
  testId: string;
}) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      pt={6}
      mt={2}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap={2} wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <InfoTip text={definition} label={label} />
      </Group>
      <Group gap={6} wrap="nowrap">
        {previous !== undefined && (
          <ChangeBadge
            current={value}
            previous={previous}
            better="down"
            previousText={formatCount(previous)}
          />
        )}
        <Badge
          color={value > 0 ? 'red' : 'gray'}
          variant={value > 0 ? 'filled' : 'light'}
          size="lg"
          radius="sm"
          data-testid={testId}
        >
          {formatCount(value)}
        </Badge>
      </Group>
    </Group>
  );
}

/** The admin sets the targets breaches are counted against (minutes and hours, as people think). */
function TargetsModal({ targets, onClose }: { targets: ReportTargets; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const save = useSaveTargets();
  const [minutes, setMinutes] = useState<number | string>(targets.firstResponseSeconds / 60);
  const [hours, setHours] = useState<number | string>(targets.resolutionSeconds / 3600);
  const submit = () =>
    save.mutate(
      {
        firstResponseSeconds: Math.round(Number(minutes) * 60),
        resolutionSeconds: Math.round(Number(hours) * 3600),
      },
      {
        onSuccess: () => {
          notifySuccess(t('tickets.saved'));
          onClose();
        },
        onError: (error) => notifyError(reportErrorText(error)),
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('tickets.targetsTitle')} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('tickets.targetsText')}
        </Text>
        <NumberInput
          label={t('tickets.firstResponseMinutes')}
          min={1}
          max={7 * 24 * 60}
          value={minutes}
          onChange={setMinutes}
          data-testid="targets-first-response"
        />
        <NumberInput
          label={t('tickets.resolutionHours')}
          min={1}
          max={30 * 24}
          decimalScale={1}
          value={hours}
          onChange={setHours}
          data-testid="targets-resolution"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('tickets.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={submit} data-testid="targets-save">
            {t('tickets.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Tickets (bo.ticket_report): opened, answered, closed, how long they took, breaches of targets. */
export function TicketsTab({ view, query, canSetTargets }: TabProps & { canSetTargets: boolean }) {
  const { t } = useTranslation('reports');
  const report = useReport({ ...query, tab: 'tickets' });
  const [editing, setEditing] = useState(false);
  const data = report.data;
  const prev = data?.previousTotals;
  const d = (v: number) => formatDuration(v, t);
  const { labels, titles } = seriesAxis(data?.series, view);

  return (
    <TabBody
      query={report}
      empty={!!data && data.totals.opened + data.totals.resolved === 0}
      keep={data && <LiveStrip live={data.live} />}
      testId="report-tickets"
    >
      {data && (
        <>
          <Group justify="space-between" gap="xs">
            <Group gap={6}>
              <IconTarget size={18} color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed" data-testid="report-targets">
                {t('tickets.targets', {
                  firstResponse: d(data.targets.firstResponseSeconds),
                  resolution: d(data.targets.resolutionSeconds),
                })}
              </Text>
            </Group>
            {canSetTargets && (
              <Button
                size="xs"
                variant="light"
                onClick={() => setEditing(true)}
                data-testid="report-edit-targets"
              >
                {t('tickets.editTargets')}
              </Button>
            )}
          </Group>
          <StatGrid wide={5}>
            <CountStats metrics={COUNTS} totals={data.totals} previous={prev} />
          </StatGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {(['firstResponse', 'resolution'] as const).map((key) => (
              <DurationCard
                key={key}
                label={t(`metrics.${key}`)}
                definition={t(`definitions.${key}`)}
                stat={data.totals[key]}
                {...(view.compare ? { previous: prev?.[key] ?? null } : {})}
                footer={
                  <Breaches
                    label={t(`metrics.${key}Breaches`)}
                    definition={t(`definitions.${key}Breaches`)}
                    value={data.totals[`${key}Breaches`]}
                    {...(view.compare ? { previous: prev?.[`${key}Breaches`] ?? null } : {})}
                    testId={`report-stat-${key}Breaches-value`}
                  />
                }
                testId={`report-duration-${key}`}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <SeriesChartCard
              title={t('tickets.distributionTitle')}
              testId="report-chart-distribution"
              labels={data.distribution.map((b, i) => {
                const key = BAND_KEYS[i];
                return key ? t(`tickets.bands.${key}`) : b.band;
              })}
              format={formatCount}
              series={[
                {
                  label: t('metrics.firstResponse'),
                  data: data.distribution.map((b) => b.firstResponse),
                  color: CHART_COLORS.teal,
                },
                {
                  label: t('metrics.resolution'),
                  data: data.distribution.map((b) => b.resolution),
                  color: CHART_COLORS.grape,
                },
              ]}
            />
            <SeriesChartCard
              title={t('tickets.breachesChart')}
              testId="report-chart-breaches"
              labels={labels}
              titles={titles}
              format={formatCount}
              series={[
                {
                  label: t('metrics.firstResponseBreaches'),
                  data: data.series.map((p) => p.firstResponseBreaches),
                  color: CHART_COLORS.orange,
                },
                {
                  label: t('metrics.resolutionBreaches'),
                  data: data.series.map((p) => p.resolutionBreaches),
                  color: CHART_COLORS.red,
                },
              ]}
            />
          </SimpleGrid>
          {editing && <TargetsModal targets={data.targets} onClose={() => setEditing(false)} />}
        </>
      )}
    </TabBody>
  );
}
