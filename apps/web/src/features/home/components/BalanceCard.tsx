import { useEffect, useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BALANCE_UPDATED_EVENT } from '@sapa/contracts';
import { formatCurrency } from '../../../lib/format';
import { onServerEvent } from '../../../lib/socket';
import type { Balance } from '../../../lib/storage';

/** The balance as the session loaded it, then as the server announces each change (live). */
export function BalanceCard({ balance }: { balance: Balance | null }) {
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
        <Text size="sm" c="dimmed" fw={500}>
          {t('balance.title')}
        </Text>
        <Title order={3} data-testid="home-balance-amount">
          {saldo === null ? '—' : formatCurrency(saldo)}
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
