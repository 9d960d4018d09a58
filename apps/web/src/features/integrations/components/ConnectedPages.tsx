import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChannelList } from '../channel/ChannelList';
import type { PageChannel } from './PageConnectForm';
import { ServiceToggle } from './ServiceToggle';

/**
 * The account's Messenger pages or Instagram accounts, as the WhatsApp numbers are listed: ids,
 * health and actions (shared `ChannelCard`), then whether agents may reply for 7 days and the
 * enable switch.
 */
export function ConnectedPages({ channel }: { channel: PageChannel }) {
  const { t } = useTranslation('integrations');
  return (
    <ChannelList
      channel={channel}
      empty={t(`pages.list.empty.${channel}`)}
      extra={(service) => (
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Text size="xs" c="dimmed" data-testid="page-human-agent">
            {service.humanAgentReplies === false
              ? t('pages.list.humanAgentOff')
              : t('pages.list.humanAgentOn')}
          </Text>
          <Group gap={8} wrap="nowrap">
            <Text size="sm" c="dimmed">
              {service.isEnable ? t('services.on') : t('services.off')}
            </Text>
            <ServiceToggle service={service} />
          </Group>
        </Group>
      )}
    />
  );
}
