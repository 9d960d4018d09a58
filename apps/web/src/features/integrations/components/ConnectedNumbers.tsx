import { Badge, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { errorText } from '../../shared/forms';
import { useWhatsappServices } from '../api';
import { BroadcastRateField } from './BroadcastRateField';
import { ServiceToggle } from './ServiceToggle';

/** The account's WhatsApp Cloud numbers with their ids (what support asks for) and switch. */
export function ConnectedNumbers() {
  const { t } = useTranslation('integrations');
  const numbers = useWhatsappServices();

  if (numbers.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (numbers.isError) {
    return (
      <Text size="sm" c="red.7">
        {errorText(numbers.error)}
      </Text>
    );
  }
  if (numbers.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="wa-numbers-empty">
        {t('whatsapp.numbers.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="wa-numbers">
      {numbers.data.map((service) => (
        <Paper
          key={service._id}
          withBorder
          p="sm"
          radius="md"
          data-testid="wa-number"
          data-service-id={service._id}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <IconBrandWhatsapp size={26} color="#25D366" stroke={1.6} style={{ flexShrink: 0 }} />
              <div style={{ minWidth: 0 }}>
                <Group gap={8}>
                  <Text fw={600} size="sm">
                    {service.name}
                  </Text>
                  <Badge size="xs" variant="light" color={service.isEnable ? 'green' : 'gray'}>
                    {service.isEnable ? t('services.on') : t('services.off')}
                  </Badge>
                </Group>
                <Text size="sm" ff="monospace">
                  {service.displayPhoneNumber ?? service.externalId}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('whatsapp.numbers.ids', {
                    phoneNumberId: service.externalId,
                    wabaId: service.wabaId ?? '—',
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('whatsapp.numbers.since', { date: formatDate(service.createdAt) })}
                </Text>
                <BroadcastRateField service={service} />
              </div>
            </Group>
            <ServiceToggle service={service} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
