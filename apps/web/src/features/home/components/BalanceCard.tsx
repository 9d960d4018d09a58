import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../../lib/format';
import type { Balance } from '../../../lib/storage';

export function BalanceCard({ balance }: { balance: Balance | null }) {
  const { t } = useTranslation('home');
  return (
    <Card data-testid="home-balance">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" fw={500}>
          {t('balance.title')}
        </Text>
        <Title order={3} data-testid="home-balance-amount">
          {balance ? formatCurrency(balance.saldo) : '—'}
        </Title>
        <Text size="sm" c="dimmed">
          {balance?.orderId
            ? t('balance.lastOrder', { orderId: balance.orderId })
            : t('balance.noOrder')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('balance.hint')}
        </Text>
      </Stack>
    </Card>
  );
}
