import { Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../shared/PageHeader';
import { errorText } from '../shared/forms';
import { useServices } from './api';
import { ServiceToggle } from './components/ServiceToggle';
import { ChannelCard } from './channel/ChannelCard';
import { WHATSAPP_TYPE_PATH, useWhatsappType } from './whatsapp-basic/whatsappType';

/** /integration/service: every channel of the account, its health, actions and switch. */
export function ServicesPage() {
  const { t } = useTranslation('integrations');
  const services = useServices();
  // The account's WhatsApp type decides where "Connect WhatsApp" leads.
  const { type } = useWhatsappType();

  const connect = (
    <Button
      component={Link}
      to={WHATSAPP_TYPE_PATH[type]}
      leftSection={<IconPlus size={16} />}
      data-testid="services-connect"
    >
      {t('services.connect')}
    </Button>
  );

  let body;
  if (services.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  } else if (services.isError) {
    body = (
      <Stack align="center" py="xl" gap="xs">
        <Text c="red.7" size="sm">
          {errorText(services.error)}
        </Text>
        <Button variant="light" size="xs" onClick={() => void services.refetch()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  } else if (services.data.length === 0) {
    body = (
      <Stack align="center" py={48} gap="xs" ta="center" data-testid="services-empty">
        <Text fw={600}>{t('services.empty')}</Text>
        <Text size="sm" c="dimmed" maw={420}>
          {t('services.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm" data-testid="services-list">
        {services.data.map((service) => (
          <ChannelCard
            key={service._id}
            service={service}
            extra={
              service.state === 'connected' && (
                <Group justify="flex-end" gap={8} wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {service.isEnable ? t('services.on') : t('services.off')}
                  </Text>
                  <ServiceToggle service={service} />
                </Group>
              )
            }
          />
        ))}
      </Stack>
    );
  }

  return (
    <div>
      <PageHeader title={t('services.title')} subtitle={t('services.subtitle')} actions={connect} />
      <Card p="md">{body}</Card>
    </div>
  );
}
