import type { ReactNode } from 'react';
import { Card, Divider, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconWallet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../../lib/format';
import type { Balance } from '../../../lib/storage';
import classes from './topup.module.css';

const SOFT = 'rgba(255,255,255,0.85)';

function Fact({ children }: { children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <IconCheck size={16} style={{ flexShrink: 0, marginTop: 2, opacity: 0.85 }} />
      <Text size="sm" c={SOFT}>
        {children}
      </Text>
    </Group>
  );
}

/** The balance, large, with the last top-up's order and what the balance is for. */
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
      <Stack gap="lg" h="100%" justify="space-between">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text fw={600} c={SOFT}>
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
            <Text size="sm" mt={8} c={SOFT} data-testid="topup-last-order">
              {balance?.orderId
                ? t('balance.lastOrder', { orderId: balance.orderId })
                : t('balance.noOrder')}
            </Text>
          </div>
        </Stack>
        <Stack gap={8}>
          <Divider color="rgba(255,255,255,0.25)" />
          {minimum !== null && minimum > 0 && (
            <Fact>{t('balance.minimum', { amount: formatCurrency(minimum) })}</Fact>
          )}
          <Fact>{t('balance.neverExpires')}</Fact>
          <Fact>{t('balance.invoices')}</Fact>
        </Stack>
      </Stack>
    </Card>
  );
}
