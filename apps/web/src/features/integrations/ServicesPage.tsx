import { Badge, Button, Card, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { ChannelIcon } from '../inbox/components/ChannelIcon';
import { PageHeader } from '../shared/PageHeader';
import { errorText } from '../shared/forms';
import { useServices } from './api';
import { ServiceToggle } from './components/ServiceToggle';

/** /integration/service: every connected channel, with its switch. */
export function ServicesPage() {
  const { t } = useTranslation('integrations');
  const services = useServices();

  const connect = (
    <Button
      component={Link}
      to="/integration/whatsapp"
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
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="services-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('services.columns.name')}</Table.Th>
              <Table.Th>{t('services.columns.channel')}</Table.Th>
              <Table.Th>{t('services.columns.number')}</Table.Th>
              <Table.Th>{t('services.columns.created')}</Table.Th>
              <Table.Th>{t('services.columns.enabled')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {services.data.map((service) => (
              <Table.Tr key={service._id} data-testid="service-row" data-service-id={service._id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {service.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <ChannelIcon
                      channel={service.channel}
                      label={t(`channels.${service.channel}`)}
                    />
                    <Text size="sm">{t(`channels.${service.channel}`)}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {service.displayPhoneNumber ?? service.externalId}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(service.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <ServiceToggle service={service} />
                    <Badge variant="light" color={service.isEnable ? 'green' : 'gray'}>
                      {service.isEnable ? t('services.on') : t('services.off')}
                    </Badge>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <div>
      <PageHeader title={t('services.title')} subtitle={t('services.subtitle')} actions={connect} />
      <Card p="md">{body}</Card>
    </div>
  );
}
