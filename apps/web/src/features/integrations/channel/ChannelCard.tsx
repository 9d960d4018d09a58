import type { ReactNode } from 'react';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { ChannelIcon } from '../../inbox/components/ChannelIcon';
import { ChannelDialogs, ChannelFixButton, ChannelMenu, useChannelActions } from './ChannelActions';
import { LinkedChannelHealth } from '../whatsapp-basic/LinkedChannelHealth';
import { ChannelHealth } from './ChannelHealth';
import { ChannelStatusBadge, channelStatus } from './ChannelStatusBadge';

/** The id line support asks for: the number and its ids, or the page / account id. */
function idsOf(service: Service, t: (key: string, vars?: Record<string, string>) => string) {
  if (service.channel === 'whatsapp')
    return t('whatsapp.numbers.ids', {
      phoneNumberId: service.externalId,
      wabaId: service.wabaId ?? '—',
    });
  const page = t('pages.list.pageIds', { pageId: service.pageId ?? '—' });
  if (service.channel === 'instagram')
    return `${t('pages.list.instagramId', { id: service.instagramAccountId ?? service.externalId })} · ${page}`;
  if (service.channel === 'messenger') return page;
  if (service.channel === 'whatsapp_basic') return t('wabasic.channelLine');
  return t('manage.externalId', { id: service.externalId });
}

/**
 * One channel as its admins manage it, on any integration page: name, status, ids, health and
 * the actions (edit credentials, disconnect, reconnect, delete). `extra` holds what a page adds
 * for its channel type (WhatsApp's switch and broadcast speed).
 */
export function ChannelCard({
  service,
  extra,
  headerExtra,
}: {
  service: Service;
  extra?: ReactNode;
  headerExtra?: ReactNode;
}) {
  const { t } = useTranslation('integrations');
  const status = channelStatus(service);
  const actions = useChannelActions(service);
  let border: string | undefined;
  if (status === 'attention') border = 'var(--mantine-color-red-4)';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      style={border ? { borderColor: border } : undefined}
      data-testid="channel-card"
      data-service-id={service._id}
      data-status={status}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <ChannelIcon
              channel={service.channel}
              label={t(`channels.${service.channel}`)}
              size={28}
            />
            <div style={{ minWidth: 0 }}>
              <Group gap={8} wrap="wrap">
                <Text fw={650} size="sm" data-testid="channel-name">
                  {service.name}
                </Text>
                <ChannelStatusBadge service={service} />
                {headerExtra}
              </Group>
              {service.displayPhoneNumber && (
                <Text size="sm" ff="monospace">
                  {service.displayPhoneNumber}
                </Text>
              )}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {idsOf(service, t)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('whatsapp.numbers.since', { date: formatDate(service.createdAt) })}
              </Text>
            </div>
          </Group>
          <ChannelMenu actions={actions} />
        </Group>
        <Divider variant="dashed" />
        {service.channel === 'whatsapp_basic' && service.state === 'connected' ? (
          <LinkedChannelHealth service={service} />
        ) : (
          <ChannelHealth
            service={service}
            fix={status === 'ok' ? undefined : <ChannelFixButton actions={actions} />}
          />
        )}
        {extra}
      </Stack>
      <ChannelDialogs actions={actions} />
    </Paper>
  );
}
