import { Accordion, Button, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import type { WebhookDelivery } from '@sapa/contracts';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { useDeliveries, useReplayDelivery, useSendTestEvent } from '../api';
import classes from '../webhooks.module.css';
import { DeliveryDetail } from './DeliveryDetail';
import { DeliveryStateBadge } from './DeliveryStateBadge';

const lastAttempt = (d: WebhookDelivery) =>
  d.log.reduce<WebhookDelivery['log'][number] | null>(
    (latest, a) => (latest === null || a.attempt > latest.attempt ? a : latest),
    null,
  );

function Cell({
  label,
  wide,
  children,
}: {
  label: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wide ? classes.wide : undefined}>
      <span className={classes.label}>{label}</span>
      {children}
    </div>
  );
}

function DeliverySummary({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  const last = lastAttempt(delivery);
  const col = (key: string) => t(`deliveries.columns.${key}`);
  return (
    <div className={classes.grid}>
      <Cell label={col('time')}>{formatDateTime(delivery.createdAt)}</Cell>
      <Cell label={col('event')} wide>
        <Text span ff="monospace" size="sm" fw={600} data-testid="delivery-event">
          {delivery.eventType}
        </Text>
      </Cell>
      <Cell label={col('attempt')}>{delivery.attempts}</Cell>
      <Cell label={col('response')}>
        <span data-testid="delivery-response">
          {last === null ? '—' : (last.responseStatus ?? t('deliveries.noResponse'))}
        </span>
      </Cell>
      <Cell label={col('latency')}>
        {last === null ? '—' : t('deliveries.ms', { value: last.latencyMs })}
      </Cell>
      <Cell label={col('state')}>
        <DeliveryStateBadge delivery={delivery} />
      </Cell>
      <Cell label={col('nextRetry')}>
        {delivery.state === 'pending' && delivery.nextAttemptAt
          ? formatDateTime(delivery.nextAttemptAt)
          : '—'}
      </Cell>
    </div>
  );
}

/** One endpoint's deliveries: a row per event, expanding to the request and each answer. */
export function DeliveryLog({ endpointId, canSend }: { endpointId: string; canSend: boolean }) {
  const { t } = useTranslation('webhooks');
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
        <div style={{ minWidth: 0, flex: 1 }}>
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
            {['time', 'event', 'attempt', 'response', 'latency', 'state', 'nextRetry'].map(
              (key) => (
                <span key={key}>{col(key)}</span>
              ),
            )}
          </div>
          <Accordion chevronPosition="left" variant="default" multiple>
            {rows.map((delivery) => (
              <Accordion.Item
                key={delivery.id}
                value={delivery.id}
                data-testid="delivery-row"
                data-event={delivery.eventType}
                data-state={delivery.state}
              >
                <div className={classes.row}>
                  <Accordion.Control aria-label={t('deliveries.details')}>
                    <DeliverySummary delivery={delivery} />
                  </Accordion.Control>
                  <Tooltip label={t('deliveries.replay')}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      mx="xs"
                      leftSection={<IconRefresh size={14} />}
                      loading={replay.isPending && replay.variables === delivery.id}
                      onClick={() => replayOne(delivery.id)}
                      data-testid="delivery-replay"
                    >
                      {t('deliveries.replay')}
                    </Button>
                  </Tooltip>
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
