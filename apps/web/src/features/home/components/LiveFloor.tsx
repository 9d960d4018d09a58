import type { ReactNode } from 'react';
import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconMessages } from '@tabler/icons-react';
import type { Dashboard } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../lib/datetime';
import { InfoTip } from '../../reports/components/figures';
import { formatCount, formatDuration, formatRating } from '../../reports/numbers';
import classes from './floor.module.css';

type Tone = 'calm' | 'warn' | 'alert';

/** One figure of the floor: a big number, what it means, and a line of context. */
function Tile({
  label,
  definition,
  value,
  hint,
  tone = 'calm',
  testId,
}: {
  label: string;
  definition: string;
  value: string;
  hint?: ReactNode;
  tone?: Tone;
  testId: string;
}) {
  return (
    <div className={classes.tile} data-tone={tone} data-testid={testId}>
      <Group gap={2} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" fw={500} className={classes.label}>
          {label}
        </Text>
        <InfoTip text={definition} label={label} />
      </Group>
      <Text className={classes.value} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" lh={1.35}>
          {hint}
        </Text>
      )}
    </div>
  );
}

/**
 * The live floor (managers) or the agent's own queue: what needs a person now, updated as it
 * changes (`dashboard.updated`), then today's figures so far.
 */
export function LiveFloor({
  dashboard,
  isPending,
  isError,
  now,
  reports,
}: {
  dashboard: Dashboard | undefined;
  isPending: boolean;
  isError: boolean;
  now: number;
  /** The viewer may open /report. */
  reports: boolean;
}) {
  const { t } = useTranslation(['home', 'reports']);
  const d = (v: number | null) => formatDuration(v, t);
  const own = dashboard?.scope === 'own';

  if (isPending)
    return (
      <Card>
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      </Card>
    );
  if (isError || !dashboard)
    return (
      <Card>
        <Text size="sm" c="dimmed">
          {t('home:floor.loadFailed')}
        </Text>
      </Card>
    );

  const { floor, todayFigures: today, targets } = dashboard;
  const longest = floor.oldestWaitingSince
    ? d(Math.max(0, (now - Date.parse(floor.oldestWaitingSince)) / 1000))
    : null;
  const def = (key: string) => t(`reports:definitions.${key}`);

  return (
    <Stack gap="lg" data-testid="home-floor" data-scope={dashboard.scope}>
      <Card>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <span className={classes.pulse} aria-hidden />
              <Title order={4}>{own ? t('home:floor.mineTitle') : t('home:floor.title')}</Title>
            </Group>
            <Group gap="md">
              <Text size="xs" c="dimmed" data-testid="home-floor-updated">
                {t('home:floor.updated', { time: formatTime(dashboard.asOf) })}
              </Text>
              <Button
                component={Link}
                to="/chat"
                size="xs"
                variant="light"
                leftSection={<IconMessages size={14} />}
              >
                {t('home:floor.openChat')}
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: own ? 3 : 5 }} spacing="sm">
            <Tile
              label={own ? t('home:floor.mineOpen') : t('reports:live.open')}
              definition={def('open')}
              value={formatCount(floor.open)}
              testId="floor-open"
            />
            <Tile
              label={t('reports:live.waiting')}
              definition={def('waiting')}
              value={formatCount(floor.waiting)}
              tone={floor.waiting > 0 ? 'warn' : 'calm'}
              testId="floor-waiting"
            />
            <Tile
              label={t('home:floor.overTarget')}
              definition={def('waitingOverTarget')}
              value={formatCount(floor.waitingOverTarget)}
              tone={floor.waitingOverTarget > 0 ? 'alert' : 'calm'}
              hint={
                longest
                  ? t('home:floor.longest', { wait: longest })
                  : t('home:floor.target', { target: d(targets.firstResponseSeconds) })
              }
              testId="floor-over-target"
            />
            {!own && (
              <Tile
                label={t('reports:live.unassigned')}
                definition={def('unassigned')}
                value={formatCount(floor.unassigned)}
                tone={floor.unassigned > 0 ? 'warn' : 'calm'}
                testId="floor-unassigned"
              />
            )}
            {!own && (
              <Tile
                label={t('home:floor.online')}
                definition={t('home:floor.onlineDefinition')}
                value={formatCount(floor.onlineAgents)}
                hint={t('home:floor.ofAgents', { count: floor.agents })}
                testId="floor-online"
              />
            )}
          </SimpleGrid>
        </Stack>
      </Card>

      <Card>
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <Title order={4}>{own ? t('home:today.mineTitle') : t('home:today.title')}</Title>
            {reports && (
              <Anchor
                component={Link}
                to="/report?range=today"
                size="sm"
                data-testid="home-open-reports"
              >
                <Group gap={4} wrap="nowrap">
                  {t('home:today.openReports')}
                  <IconArrowRight size={14} />
                </Group>
              </Anchor>
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: today.csat ? 5 : 4 }} spacing="sm">
            <Tile
              label={t('reports:metrics.newConversations')}
              definition={def('newConversations')}
              value={formatCount(today.newConversations)}
              testId="today-new"
            />
            <Tile
              label={t('reports:metrics.resolved')}
              definition={def(own ? 'agentResolved' : 'resolved')}
              value={formatCount(today.resolved)}
              testId="today-resolved"
            />
            <Tile
              label={own ? t('reports:metrics.replies') : t('reports:metrics.messagesOut')}
              definition={def(own ? 'replies' : 'messagesOut')}
              value={formatCount(today.replies)}
              testId="today-replies"
            />
            <Tile
              label={t('reports:metrics.firstResponse')}
              definition={def('firstResponse')}
              value={d(today.firstResponse.median)}
              hint={
                today.firstResponse.count
                  ? t('home:today.frHint', {
                      p90: d(today.firstResponse.p90),
                      count: today.firstResponse.count,
                    })
                  : t('reports:stat.noneYet')
              }
              tone={
                today.firstResponse.median !== null &&
                today.firstResponse.median > targets.firstResponseSeconds
                  ? 'alert'
                  : 'calm'
              }
              testId="today-first-response"
            />
            {today.csat && (
              <Tile
                label={t('reports:metrics.csat')}
                definition={def('csat')}
                value={formatRating(today.csat.average)}
                hint={t('home:today.csatHint', { count: today.csat.responses })}
                testId="today-csat"
              />
            )}
          </SimpleGrid>
        </Stack>
      </Card>
    </Stack>
  );
}
