import type { ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/forms';
import { useChannelServices } from '../api';
import { ChannelCard } from './ChannelCard';

/**
 * The account's channels of one type as cards with health and actions: what an integration
 * page (`/integration/instagram`, `/integration/facebook-messenger`, …) lists under its connect
 * form. `extra` adds a page's own controls to each connected channel.
 */
export function ChannelList({
  channel,
  empty,
  extra,
}: {
  channel: Service['channel'];
  empty: string;
  extra?: (service: Service) => ReactNode;
}) {
  const { t } = useTranslation('integrations');
  const list = useChannelServices(channel);
  if (list.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  if (list.isError)
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="red.7">
          {errorText(list.error)}
        </Text>
        <Button size="xs" variant="light" onClick={() => void list.refetch()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  if (list.data.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="channel-list-empty">
        {empty}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="channel-list">
      {list.data.map((service) => (
        <ChannelCard
          key={service._id}
          service={service}
          extra={service.state === 'connected' ? extra?.(service) : undefined}
        />
      ))}
    </Stack>
  );
}
