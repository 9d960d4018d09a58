import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../../lib/format';
import type { Balance } from '../../../lib/storage';
import classes from './topup.module.css';

/** The balance, large, with the last top-up's order and the minimum the account keeps to send. */
export function BalanceHero({
  balance,
  minimum,
}: {
  balance: Balance | undefined;
  minimum: number | null;
}) {
  const { t } = useTranslation('topup');
  return (
    <Card className={classes.balance} h="100%" data-testid="topup-balance-card">
      <Stack gap="md" h="100%" justify="space-between">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} c="rgba(255,255,255,0.85)">
            {t('balance.title')}
          </Text>
          <ThemeIcon size={40} radius="xl" variant="white" color="sapa">
            <IconWallet size={22} />
          </ThemeIcon>
        </Group>
        <div>
          {balance ? (
            <Text
              fz={{ base: 34, sm: 40 }}
              fw={750}
              lh={1.1}
              data-testid="topup-balance"
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatCurrency(balance.saldo)}
            </Text>
          ) : (
            <Skeleton h={44} w="70%" />
          )}
          <Text size="sm" mt={8} c="rgba(255,255,255,0.85)" data-testid="topup-last-order">
            {balance?.orderId
              ? t('balance.lastOrder', { orderId: balance.orderId })
              : t('balance.noOrder')}
          </Text>
        </div>
        {minimum !== null && minimum > 0 && (
          <Text size="xs" c="rgba(255,255,255,0.8)">
            {t('balance.minimum', { amount: formatCurrency(minimum) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
