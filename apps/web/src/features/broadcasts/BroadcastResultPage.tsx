import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Menu,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { formatNumber, type Broadcast } from '@sapa/contracts';
import {
  IconArrowLeft,
  IconChevronDown,
  IconDownload,
  IconPlayerPause,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { PageHeader } from '../shared/PageHeader';
import {
  broadcastKeys,
  downloadRejected,
  downloadResults,
  useBroadcast,
  useControlBroadcast,
  type ControlAction,
} from './api';
import { broadcastError, translateBroadcastText } from './reasons';
import { RecipientTable } from './RecipientTable';
import { ResultSummary } from './ResultSummary';
import { isActive, money, SendProgress, settledCount, StatusBadge } from './parts';
import { StartsIn } from './StepReview';
import { useBroadcastProgress } from './useBroadcastProgress';
import { useRefreshOnProgress } from './useRefreshOnProgress';
import classes from './broadcasts.module.css';

/** /broadcast/result/:id: live totals, a chart, controls and every recipient's result. */
export function BroadcastResultPage() {
  const { t } = useTranslation('broadcasts');
  const { id = '' } = useParams();
  const query = useBroadcast(id);
  useBroadcastProgress();
  useRefreshOnProgress(query.data);

  if (query.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (query.isError || !query.data)
    return (
      <Stack align="flex-start">
        <Alert color="red" variant="light">
          {t('result.notFound')}
        </Alert>
        <Anchor component={Link} to="/broadcast">
          {t('result.back')}
        </Anchor>
      </Stack>
    );
  return <Result broadcast={query.data} />;
}

function Result({ broadcast: b }: { broadcast: Broadcast }) {
  const { t } = useTranslation('broadcasts');
  const control = useControlBroadcast(b._id);
  const queryClient = useQueryClient();
  const [confirmCancel, setConfirmCancel] = useState(false);

  const run = async (action: ControlAction) => {
    try {
      await control.mutateAsync(action);
      notifySuccess(
        t(
          `result.${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'cancelled'}_ok`,
        ),
      );
    } catch (error) {
      notifyError(broadcastError(error));
      void queryClient.invalidateQueries({ queryKey: broadcastKeys.one(b._id) });
    } finally {
      setConfirmCancel(false);
    }
  };

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadResults(b._id, b.title, format);
    } catch (error) {
      notifyError(broadcastError(error));
    }
  };

  const canPause = b.status === 'running' || b.status === 'scheduled';
  const canCancel = b.status === 'running' || b.status === 'scheduled' || b.status === 'paused';
  const busy = control.isPending;

  return (
    <>
      <Anchor component={Link} to="/broadcast" size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('result.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span>{b.title}</span>
            <StatusBadge status={b.status} />
          </Group>
        }
        subtitle={`${b.templateName} · ${b.channelName}`}
        actions={
          <Group gap="sm">
            {canPause && (
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={16} />}
                onClick={() => void run('pause')}
                loading={busy && control.variables === 'pause'}
                disabled={busy}
              >
                {t('result.pause')}
              </Button>
            )}
            {b.status === 'paused' && (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => void run('resume')}
                loading={busy && control.variables === 'resume'}
                disabled={busy}
              >
                {t('result.resume')}
              </Button>
            )}
            {canCancel && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconX size={16} />}
                onClick={() => setConfirmCancel(true)}
                disabled={busy}
              >
                {t('result.cancel')}
              </Button>
            )}
            <Menu position="bottom-end">
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                >
                  {t('result.export')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void exportAs('csv')}>{t('result.exportCsv')}</Menu.Item>
                <Menu.Item onClick={() => void exportAs('xlsx')}>
                  {t('result.exportXlsx')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        }
      />
      <Stack gap="md">
        {b.status === 'paused' && b.pauseReason && (
          <Alert color="yellow" variant="light">
            {t('result.pausedBecause', { reason: translateBroadcastText(b.pauseReason) })}
          </Alert>
        )}
        {isActive(b.status) && (
          <Card padding="md">
            <Stack gap={6}>
              <SendProgress counts={b.counts} status={b.status} />
              <Text size="sm" c="dimmed" className={classes.stat}>
                {t('result.progress', {
                  done: formatNumber(settledCount(b.counts)),
                  total: formatNumber(b.counts.total),
                })}
              </Text>
            </Stack>
          </Card>
        )}
        {b.status === 'scheduled' && b.scheduledAt && <StartsIn at={new Date(b.scheduledAt)} />}
        <ResultSummary counts={b.counts} />
        <Details broadcast={b} />
        <RecipientTable broadcastId={b._id} />
      </Stack>
      <ConfirmDialog
        opened={confirmCancel}
        title={t('result.cancelTitle')}
        body={t('result.cancelText')}
        confirmLabel={t('result.cancelConfirm')}
        danger
        loading={busy}
        onConfirm={() => void run('cancel')}
        onClose={() => setConfirmCancel(false)}
      />
    </>
  );
}

function Details({ broadcast: b }: { broadcast: Broadcast }) {
  const { t } = useTranslation('broadcasts');
  // The third item, when given, is the value's test id.
  const items: [string, React.ReactNode, string?][] = [
    [t('result.scheduledAt'), b.scheduledAt ? formatDateTime(b.scheduledAt) : '—'],
    [t('result.startedAt'), b.startedAt ? formatDateTime(b.startedAt) : '—', 'started-at'],
    [t('result.finishedAt'), b.finishedAt ? formatDateTime(b.finishedAt) : '—', 'finished-at'],
    [t('result.createdBy'), b.createdBy?.name ?? '—'],
    [t('result.estimatedCost'), money(b.estimatedCost)],
    [t('result.selfAssign'), t(b.selfAssign ? 'result.on' : 'result.off')],
  ];
  if (b.invalidCount > 0)
    items.push([
      t('result.invalidRows'),
      <Group gap={6} key="invalid">
        <span>{formatNumber(b.invalidCount)}</span>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() =>
            void downloadRejected(b._id).catch((e: unknown) => notifyError(broadcastError(e)))
          }
        >
          {t('result.downloadInvalid')}
        </Anchor>
      </Group>,
    ]);
  return (
    <Card padding="lg">
      <Text fw={650} mb="sm">
        {t('result.details')}
      </Text>
      <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        {items.map(([label, value, testId]) => (
          <div key={label}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text size="sm" component="div" data-testid={testId}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt="md">
        {t('result.template')}
      </Text>
      <Text size="sm" className={classes.templateText}>
        {b.templateContent}
      </Text>
    </Card>
  );
}
