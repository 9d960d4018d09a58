import type { ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/forms';
import { useChannelServices } from '../api';

/**
 * The account's channels of one type, loaded, in a stack: a small spinner, the reason and a
 * retry, the page's own empty line, or one `row` per channel. Sized to sit inside a section card
 * (the integration pages' lists), where `QueryState`'s page-sized states would be too big.
 */
export function ServiceList({
  channel,
  empty,
  row,
  testId,
  emptyTestId,
}: {
  channel: Service['channel'];
  empty: string;
  row: (service: Service) => ReactNode;
  testId: string;
  emptyTestId: string;
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
      <Text size="sm" c="dimmed" data-testid={emptyTestId}>
        {empty}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid={testId}>
      {list.data.map(row)}
    </Stack>
  );
}
