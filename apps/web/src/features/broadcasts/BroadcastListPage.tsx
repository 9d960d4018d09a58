import { Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import type { Broadcast, BroadcastTab } from '@sapa/contracts';
import { IconBroadcast, IconChevronRight, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../lib/format';
import { formatNumber } from '@sapa/contracts';
import { PageHeader } from '../shared/PageHeader';
import { QueryState } from '../shared/QueryState';
import { useBroadcasts } from './api';
import { isActive, SendProgress, settledCount, StatusBadge } from './parts';
import { useBroadcastProgress } from './useBroadcastProgress';
import classes from './broadcasts.module.css';

/** /broadcast (spec §2): broadcasts in two tabs, scheduled and finished, with live progress. */
export function BroadcastListPage() {
  const { t } = useTranslation('broadcasts');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: BroadcastTab = params.get('tab') === 'finished' ? 'finished' : 'scheduled';
  useBroadcastProgress();
  const manager = user?.role === 'admin' || user?.role === 'supervisor';

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Group gap="sm">
            {manager && (
              <Button
                component={Link}
                to="/broadcast/template"
                variant="default"
                leftSection={<IconTemplate size={18} />}
              >
                {t('templates')}
              </Button>
            )}
            <Button component={Link} to="/broadcast/new" leftSection={<IconPlus size={18} />}>
              {t('newBroadcast')}
            </Button>
          </Group>
        }
      />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'finished' ? { tab: 'finished' } : {}, { replace: true })}
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="scheduled">{t('tabs.scheduled')}</Tabs.Tab>
          <Tabs.Tab value="finished">{t('tabs.finished')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <BroadcastTabList key={tab} tab={tab} />
    </>
  );
}

function BroadcastTabList({ tab }: { tab: BroadcastTab }) {
  const { t } = useTranslation('broadcasts');
  const query = useBroadcasts(tab);
  const rows = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <QueryState
      query={query}
      retryLabel={t('retry')}
      isEmpty={rows.length === 0}
      empty={{
        icon: <IconBroadcast size={28} />,
        title: t(`empty.${tab}Title`),
        text: t(`empty.${tab}Text`),
        action:
          tab === 'scheduled' ? (
            <Button
              component={Link}
              to="/broadcast/new"
              mt="sm"
              leftSection={<IconPlus size={16} />}
            >
              {t('newBroadcast')}
            </Button>
          ) : undefined,
      }}
    >
      <Stack gap="sm" data-testid="broadcast-list">
        {rows.map((b) => (
          <BroadcastCard key={b._id} broadcast={b} />
        ))}
        {query.hasNextPage && (
          <Button
            variant="subtle"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {t('loadMore')}
          </Button>
        )}
      </Stack>
    </QueryState>
  );
}

function dateLine(b: Broadcast, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (b.finishedAt) return t('card.finishedAt', { date: formatDateTime(b.finishedAt) });
  if (b.startedAt) return t('card.startedAt', { date: formatDateTime(b.startedAt) });
  return t('card.startsAt', { date: formatDateTime(b.scheduledAt ?? b.createdAt) });
}

function BroadcastCard({ broadcast: b }: { broadcast: Broadcast }) {
  const { t } = useTranslation('broadcasts');
  const by = b.counts.byStatus;
  const sent = (by.sent ?? 0) + (by.delivered ?? 0) + (by.read ?? 0);
  return (
    <Card
      component={Link}
      to={`/broadcast/result/${b._id}`}
      className={classes.cardLink}
      padding="md"
      data-testid="broadcast-card"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={650} className={classes.cardTitle} truncate>
              {b.title}
            </Text>
            <StatusBadge status={b.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {dateLine(b, t)} ·{' '}
            {t('card.recipients', {
              count: b.counts.total,
              formatted: formatNumber(b.counts.total),
            })}
          </Text>
          <Text size="sm" lineClamp={2} className={classes.templateText} mt={4}>
            <Text span size="xs" c="dimmed" tt="uppercase" fw={600} mr={6}>
              {b.templateName}
            </Text>
            {b.templateContent}
          </Text>
          {isActive(b.status) ? (
            <Stack gap={4} mt={6}>
              <SendProgress counts={b.counts} status={b.status} />
              <Text size="xs" c="dimmed" className={classes.stat}>
                {t('card.progress', {
                  done: formatNumber(settledCount(b.counts)),
                  total: formatNumber(b.counts.total),
                })}
              </Text>
            </Stack>
          ) : (
            b.status !== 'scheduled' && (
              <Text size="xs" c="dimmed" mt={4} className={classes.stat}>
                {t('card.summary', {
                  sent: formatNumber(sent),
                  read: formatNumber(by.read ?? 0),
                  failed: formatNumber(by.failed ?? 0),
                })}
              </Text>
            )
          )}
        </Stack>
        <IconChevronRight size={20} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
      </Group>
    </Card>
  );
}
