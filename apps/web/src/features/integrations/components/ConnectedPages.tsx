import { Badge, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { ChannelIcon } from '../../inbox/components/ChannelIcon';
import { errorText } from '../../shared/forms';
import { useChannelServices } from '../api';
import type { PageChannel } from './PageConnectForm';
import { ServiceToggle } from './ServiceToggle';

/**
 * The account's Messenger pages or Instagram accounts, laid out like the WhatsApp numbers: name,
 * state, the ids support asks for, and the enable switch.
 */
export function ConnectedPages({ channel }: { channel: PageChannel }) {
  const { t } = useTranslation('integrations');
  const services = useChannelServices(channel);

  if (services.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (services.isError) {
    return (
      <Text size="sm" c="red.7">
        {errorText(services.error)}
      </Text>
    );
  }
  if (services.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="pages-empty">
        {t(`pages.list.empty.${channel}`)}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="pages-list">
      {services.data.map((service) => (
        <Paper
          key={service._id}
          withBorder
          p="sm"
          radius="md"
          data-testid="page-channel"
          data-service-id={service._id}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <ChannelIcon channel={channel} label={t(`channels.${channel}`)} size={26} />
              <div style={{ minWidth: 0 }}>
                <Group gap={8}>
                  <Text fw={600} size="sm">
                    {service.name}
                  </Text>
                  <Badge size="xs" variant="light" color={service.isEnable ? 'green' : 'gray'}>
                    {service.isEnable ? t('services.on') : t('services.off')}
                  </Badge>
                </Group>
                {channel === 'instagram' && (
                  <Text size="xs" c="dimmed">
                    {t('pages.list.instagramId', {
                      id: service.instagramAccountId ?? service.externalId,
                    })}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t('pages.list.pageIds', { pageId: service.pageId ?? '—' })}
                </Text>
                <Text size="xs" c="dimmed">
                  {service.humanAgentReplies === false
                    ? t('pages.list.humanAgentOff')
                    : t('pages.list.humanAgentOn')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('whatsapp.numbers.since', { date: formatDate(service.createdAt) })}
                </Text>
              </div>
            </Group>
            <ServiceToggle service={service} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
