import { useEffect, useState } from 'react';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BALANCE_UPDATED_EVENT } from '@sapa/contracts';
import { formatCurrency } from '../../../lib/format';
import { onServerEvent } from '../../../lib/socket';
import type { Balance } from '../../../lib/storage';

/**
 * The prepaid balance as the session loaded it, then as the server announces each change (live).
 * `orderId` is the last top-up's order (the server names no other ledger reference); `topUp`
 * links to /top-up for those the guard lets open it.
 */
export function BalanceCard({ balance, topUp }: { balance: Balance | null; topUp: boolean }) {
  const { t } = useTranslation('home');
  const [live, setLive] = useState<number | null>(null);
  useEffect(() => setLive(null), [balance]);
  useEffect(
    () =>
      onServerEvent(BALANCE_UPDATED_EVENT, (payload: unknown) => {
        const saldo = (payload as { saldo?: unknown } | null)?.saldo;
        if (typeof saldo === 'number' && Number.isFinite(saldo)) setLive(saldo);
      }),
    [],
  );
  const saldo = live ?? balance?.saldo ?? null;
  return (
    <Card data-testid="home-balance">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" fw={500}>
            {t('balance.title')}
          </Text>
          {topUp && (
            <Anchor component={Link} to="/top-up" size="sm" data-testid="home-top-up">
              {t('balance.topUp')}
            </Anchor>
          )}
        </Group>
        <Title order={3} data-testid="home-balance-amount">
          {saldo === null ? '—' : formatCurrency(saldo)}
        </Title>
        <Text size="sm" c="dimmed" data-testid="home-balance-order">
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
