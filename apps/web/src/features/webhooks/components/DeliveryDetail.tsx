import { Badge, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { WebhookAttempt, WebhookDelivery } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { formatLogTime } from '../logTime';
import { useLatency } from '../useLatency';
import classes from '../webhooks.module.css';

/** Shows JSON indented for reading; the receiver got (and the signature covers) the raw bytes. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

function AttemptBlock({ attempt }: { attempt: WebhookAttempt }) {
  const { t } = useTranslation('webhooks');
  const latency = useLatency();
  const ok = attempt.responseStatus !== null && attempt.responseStatus < 300;
  return (
    <Stack gap={6} data-testid="delivery-attempt">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('deliveries.attemptN', { n: attempt.attempt })}
        </Text>
        <Text size="sm" c="dimmed">
          {formatLogTime(attempt.at)}
        </Text>
        <Badge variant="light" color={ok ? 'green' : 'red'} radius="sm">
          {attempt.responseStatus === null
            ? t('deliveries.noResponse')
            : `HTTP ${attempt.responseStatus}`}
        </Badge>
        <Text size="sm" c="dimmed">
          {latency(attempt.latencyMs)}
        </Text>
        {attempt.replay && (
          <Badge variant="outline" color="gray" radius="sm">
            {t('deliveries.replayTag')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('deliveries.requestHeaders')}
      </Text>
      <Code block className={classes.pre} data-testid="delivery-request-headers">
        {headerLines(attempt.requestHeaders)}
      </Code>
      {attempt.error && (
        <Code block className={classes.pre} c="red">
          {`${t('deliveries.error')}: ${attempt.error}`}
        </Code>
      )}
      <Text size="xs" c="dimmed">
        {t('deliveries.responseExcerpt')}
      </Text>
      {attempt.responseBody ? (
        <Code block className={classes.pre} data-testid="delivery-response-body">
          {attempt.responseBody}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          {t('deliveries.noResponseBody')}
        </Text>
      )}
    </Stack>
  );
}

/** The body sent (the same on every attempt) and each attempt: headers and what came back. */
export function DeliveryDetail({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  // Newest attempt first, like the log itself.
  const attempts = [...delivery.log].sort((a, b) => b.attempt - a.attempt);
  return (
    <div className={classes.detail} data-testid="delivery-detail">
      <Stack gap="xs">
        <Title order={4} size="h6">
          {t('deliveries.request')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('deliveries.webhookId')}: <Code>{delivery.eventId}</Code>
        </Text>
        <Text size="xs" c="dimmed">
          {t('deliveries.requestBody')}
        </Text>
        <Code block className={classes.pre} data-testid="delivery-request-body">
          {readable(delivery.requestBody)}
        </Code>
      </Stack>
      <Stack gap="md">
        <Title order={4} size="h6">
          {t('deliveries.attemptsLog')}
        </Title>
        {attempts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('deliveries.noAttempts')}
          </Text>
        ) : (
          attempts.map((attempt) => (
            <AttemptBlock key={`${attempt.attempt}-${attempt.at}`} attempt={attempt} />
          ))
        )}
      </Stack>
    </div>
  );
}
