import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCurrency } from '../../../lib/format';
import { useBalance } from '../../billing/ledger';

/**
 * The prepaid balance, live: the session's figure first, then the server's, then every
 * `balance.updated` (a top-up paid, a conversation charged, an operator's credit). `orderId` is the
 * last real top-up's order; `topUp` shows the way to /top-up to those the guard lets open it.
 */
export function BalanceCard({
  topUp,
  runway,
}: {
  topUp: boolean;
  /** The dashboard's spend: how many days the balance lasts at the last 7 days' pace. */
  runway?: { dailySpend: number; daysLeft: number | null } | null;
}) {
  const { t } = useTranslation('home');
  const { data: balance } = useBalance();
  return (
    <Card data-testid="home-balance">
      <Stack gap="sm" h="100%">
        <Text size="sm" c="dimmed" fw={500}>
          {t('balance.title')}
        </Text>
        <Title order={3} data-testid="home-balance-amount">
          {balance ? formatCurrency(balance.saldo) : '—'}
        </Title>
        {runway && (
          <Text
            size="sm"
            fw={500}
            c={runway.daysLeft !== null && runway.daysLeft < 7 ? 'red.7' : undefined}
            data-testid="home-balance-runway"
          >
            {runway.daysLeft === null
              ? t('balance.noSpend')
              : t('balance.daysLeft', {
                  count: runway.daysLeft,
                  spend: formatCurrency(runway.dailySpend),
                })}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="home-balance-order">
          {balance?.orderId
            ? t('balance.lastOrder', { orderId: balance.orderId })
            : t('balance.noOrder')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('balance.hint')}
        </Text>
        {topUp && (
          <Group mt="auto">
            <Button
              component={Link}
              to="/top-up"
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              data-testid="home-top-up"
            >
              {t('balance.topUp')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
