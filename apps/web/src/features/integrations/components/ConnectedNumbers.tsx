import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChannelList } from '../channel/ChannelList';
import { BroadcastRateField } from './BroadcastRateField';
import { ServiceToggle } from './ServiceToggle';

/** The account's WhatsApp Cloud numbers: ids, health, actions, switch and broadcast speed. */
export function ConnectedNumbers() {
  const { t } = useTranslation('integrations');
  return (
    <ChannelList
      channel="whatsapp"
      empty={t('whatsapp.numbers.empty')}
      extra={(service) => (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <BroadcastRateField service={service} />
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
