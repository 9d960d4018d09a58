import { Accordion, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { WebhookDelivery } from '@sapa/contracts';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatLogTime } from '../logTime';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { useDeliveries, useReplayDelivery, useSendTestEvent } from '../api';
import { useLatency } from '../useLatency';
import classes from '../webhooks.module.css';
import { DeliveryDetail } from './DeliveryDetail';
import { DeliveryStateBadge } from './DeliveryStateBadge';

const lastAttempt = (d: WebhookDelivery) =>
  d.log.reduce<WebhookDelivery['log'][number] | null>(
    (latest, a) => (latest === null || a.attempt > latest.attempt ? a : latest),
    null,
  );

/** The same breakpoint as the stylesheet's compact layout (75em). */
const COMPACT_QUERY = '(max-width: 75em)';

const COLUMNS = ['time', 'event', 'attempt', 'response', 'latency', 'state', 'nextRetry'] as const;

function DeliverySummary({ delivery, compact }: { delivery: WebhookDelivery; compact: boolean }) {
  const { t } = useTranslation('webhooks');
  const latency = useLatency();
  const last = lastAttempt(delivery);
  const response =
    last === null ? '—' : (last.responseStatus?.toString() ?? t('deliveries.noResponse'));
  const next =
    delivery.state === 'pending' && delivery.nextAttemptAt
      ? formatLogTime(delivery.nextAttemptAt)
      : null;
  // One layout rendered at a time, so each fact has one element (tests, screen readers).
  if (!compact)
    return (
      <div className={classes.grid}>
        <span>{formatLogTime(delivery.createdAt)}</span>
        <Text span ff="monospace" size="sm" fw={600} truncate data-testid="delivery-event">
          {delivery.eventType}
        </Text>
        <span>{delivery.attempts}</span>
        <span data-testid="delivery-response">{response}</span>
        <span>{last === null ? '—' : latency(last.latencyMs)}</span>
        <span>
          <DeliveryStateBadge delivery={delivery} />
        </span>
        <span>{next ?? '—'}</span>
      </div>
    );
  // Phones and tablets: what happened on the first line, when and how on the second.
  return (
    <div style={{ minWidth: 0 }}>
      <Text
        ff="monospace"
        size="sm"
        fw={600}
        style={{ wordBreak: 'break-all' }}
        data-testid="delivery-event"
      >
        {delivery.eventType}
      </Text>
      <Group gap={6} mt={4} wrap="wrap">
        <DeliveryStateBadge delivery={delivery} />
        <Text span size="xs" c="dimmed">
          {[
            formatLogTime(delivery.createdAt),
            t('deliveries.attemptN', { n: delivery.attempts }),
            response,
            ...(last === null ? [] : [latency(last.latencyMs)]),
          ].join(' · ')}
        </Text>
      </Group>
      {next && (
        <Text size="xs" c="orange.8" mt={2}>
          {t('deliveries.nextAt', { at: next })}
        </Text>
      )}
    </div>
  );
}

/** One endpoint's deliveries: a row per event, expanding to the request and each answer. */
export function DeliveryLog({ endpointId, canSend }: { endpointId: string; canSend: boolean }) {
  const { t } = useTranslation('webhooks');
  const compact = useMediaQuery(COMPACT_QUERY) ?? false;
  const deliveries = useDeliveries(endpointId);
  const test = useSendTestEvent(endpointId);
  const replay = useReplayDelivery(endpointId);
  const rows = deliveries.data?.pages.flatMap((page) => page.data) ?? [];
  const polling = rows.some((d) => d.state === 'pending');
  const col = (key: string) => t(`deliveries.columns.${key}`);

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: () => notifySuccess(t('deliveries.testSent')),
      onError: (error) => notifyError(errorText(error)),
    });
  const replayOne = (id: string) =>
    replay.mutate(id, {
      onSuccess: () => notifySuccess(t('deliveries.replayed')),
      onError: (error) => notifyError(errorText(error)),
    });

  return (
    <Stack gap="sm" data-testid="delivery-log">
      <Group justify="space-between" align="center" gap="sm">
        <div style={{ minWidth: 220, flex: 1 }}>
          <Text fw={650}>{t('deliveries.title')}</Text>
          <Text size="sm" c="dimmed">
            {polling ? t('deliveries.refreshing') : t('deliveries.description')}
          </Text>
        </div>
        {canSend && (
          <Button
            variant="light"
            leftSection={<IconSend size={16} />}
            loading={test.isPending}
            onClick={sendTest}
            data-testid="webhook-send-test"
          >
            {t('deliveries.test')}
          </Button>
        )}
      </Group>
      {deliveries.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : deliveries.isError ? (
        <Text size="sm" c="red">
          {errorText(deliveries.error)}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" py="sm" data-testid="delivery-empty">
          {t('deliveries.empty')}
        </Text>
      ) : (
        <div>
          <div className={`${classes.grid} ${classes.head}`}>
            {COLUMNS.map((key) => (
              <span key={key}>{col(key)}</span>
            ))}
          </div>
          <Accordion
            chevronPosition="left"
            variant="default"
            multiple
            classNames={{ chevron: classes.chevron }}
          >
            {rows.map((delivery) => (
              <Accordion.Item
                key={delivery.id}
                value={delivery.id}
                data-testid="delivery-row"
                data-event={delivery.eventType}
                data-state={delivery.state}
              >
                <div className={classes.row}>
                  <Accordion.Control style={{ flex: 1, minWidth: 0 }}>
                    <DeliverySummary delivery={delivery} compact={compact} />
                  </Accordion.Control>
                  <div className={classes.action}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      mr="xs"
                      leftSection={<IconRefresh size={14} />}
                      loading={replay.isPending && replay.variables === delivery.id}
                      onClick={() => replayOne(delivery.id)}
                      aria-label={t('deliveries.replayLabel', { type: delivery.eventType })}
                      data-testid="delivery-replay"
                    >
                      <span className={classes.actionText}>{t('deliveries.replay')}</span>
                    </Button>
                  </div>
                </div>
                <Accordion.Panel>
                  <DeliveryDetail delivery={delivery} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {deliveries.hasNextPage && (
            <Center mt="sm">
              <Button
                variant="subtle"
                loading={deliveries.isFetchingNextPage}
                onClick={() => void deliveries.fetchNextPage()}
              >
                {t('deliveries.loadMore')}
              </Button>
            </Center>
          )}
        </div>
      )}
    </Stack>
  );
}
