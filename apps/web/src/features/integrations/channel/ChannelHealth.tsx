import { Alert, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import {
  IconAlertTriangle,
  IconKey,
  IconPlugConnectedX,
  IconSend,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { translateServiceMessage } from '../messages';

function Fact({
  icon: Glyph,
  label,
  children,
  tone,
  testId,
}: {
  icon: Icon;
  label: string;
  children: ReactNode;
  tone?: 'bad' | 'good';
  testId: string;
}) {
  let color = 'gray';
  if (tone === 'bad') color = 'red';
  else if (tone === 'good') color = 'teal';
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" data-testid={testId}>
      <ThemeIcon size={24} radius="md" variant="light" color={color} style={{ flexShrink: 0 }}>
        <Glyph size={14} />
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" lh={1.3}>
          {label}
        </Text>
        <Text size="sm" lh={1.35} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

/**
 * A channel's health for its admins: why it needs attention (if it does), the last webhook, the
 * last send error and whether Meta still takes its token.
 */
export function ChannelHealth({ service, fix }: { service: Service; fix?: ReactNode }) {
  const { t } = useTranslation('integrations');
  const h = service.health;

  let token: { text: string; tone?: 'bad' | 'good' } = { text: t('health.token.unchecked') };
  if (h.tokenValid === true)
    token = {
      text: t('health.token.valid', { at: formatDateTime(h.tokenCheckedAt ?? '') }),
      tone: 'good',
    };
  else if (h.tokenValid === false)
    token = {
      text: t('health.token.refused', { at: formatDateTime(h.tokenCheckedAt ?? '') }),
      tone: 'bad',
    };

  return (
    <div>
      {service.state === 'disconnected' && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconPlugConnectedX size={18} />}
          mb="sm"
          data-testid="channel-disconnected"
        >
          <Text size="sm">{t('health.disconnected')}</Text>
          {fix && <Group mt="xs">{fix}</Group>}
        </Alert>
      )}
      {service.state === 'connected' && h.status === 'needs_attention' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('health.attentionTitle')}
          mb="sm"
          data-testid="channel-attention"
        >
          <Text size="sm">
            {h.reason ? translateServiceMessage(h.reason) : t('health.attentionFallback')}
          </Text>
          {fix && <Group mt="xs">{fix}</Group>}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <Fact icon={IconWebhook} label={t('health.lastWebhook')} testId="channel-last-webhook">
          {h.lastWebhookAt ? formatDateTime(h.lastWebhookAt) : t('health.never')}
        </Fact>
        <Fact
          icon={IconSend}
          label={t('health.lastSendError')}
          tone={h.lastSendError && h.status === 'needs_attention' ? 'bad' : undefined}
          testId="channel-last-error"
        >
          {h.lastSendError && h.lastSendErrorAt
            ? t('health.errorAt', {
                error: h.lastSendError,
                at: formatDateTime(h.lastSendErrorAt),
              })
            : t('health.noErrors')}
        </Fact>
        <Fact
          icon={IconKey}
          label={t('health.token.label')}
          tone={token.tone}
          testId="channel-token"
        >
          {token.text}
        </Fact>
      </SimpleGrid>
    </div>
  );
}
