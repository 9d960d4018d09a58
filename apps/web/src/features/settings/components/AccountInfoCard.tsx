import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubscriptionInfo } from '@sapa/contracts';
import { formatCurrency, formatDate } from '../../../lib/format';
import type { AccountInfo, Balance } from '../../../lib/storage';
import { SectionCard } from '../../shared/SectionCard';
import { inRenewalWindow } from '../../shared/session-helpers';

const STATUS_COLORS: Record<SubscriptionInfo['status'], string> = {
  none: 'gray',
  trial: 'blue',
  active: 'green',
  expired: 'red',
};

interface AccountInfoCardProps {
  account: AccountInfo | null;
  subscription: SubscriptionInfo | null;
  balance: Balance | null;
  now: number;
}

export function AccountInfoCard({ account, subscription, balance, now }: AccountInfoCardProps) {
  const { t } = useTranslation('settings');
  const none = (
    <Text span c="dimmed" size="sm">
      {t('account.none')}
    </Text>
  );
  const rows: { label: string; value: ReactNode; testId?: string }[] = [
    { label: t('account.company'), value: account?.name ?? none },
    { label: t('account.type'), value: account ? t(`account.types.${account.type}`) : none },
    { label: t('account.timezone'), value: account?.timezone ?? none },
    { label: t('account.plan'), value: subscription?.plan?.name ?? none },
    {
      label: t('account.subscription'),
      value: subscription ? (
        <Badge variant="light" color={STATUS_COLORS[subscription.status]}>
          {t(`account.subscriptionStatus.${subscription.status}`)}
        </Badge>
      ) : (
        none
      ),
    },
    {
      label: t('account.dueDate'),
      value: subscription?.dueDate ? (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <span>{formatDate(subscription.dueDate)}</span>
          {inRenewalWindow(subscription, now) && (
            <Anchor component={Link} to="/renewal" size="sm">
              {t('hub.renew')}
            </Anchor>
          )}
        </Group>
      ) : (
        none
      ),
    },
    {
      label: t('account.balance'),
      value: balance ? formatCurrency(balance.saldo) : none,
      testId: 'account-balance',
    },
  ];

  return (
    <SectionCard title={t('account.title')} testId="account-info">
      <Table verticalSpacing={8} fz="sm">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Td c="dimmed" pl={0}>
                {row.label}
              </Table.Td>
              <Table.Td ta="right" fw={500} pr={0} data-testid={row.testId}>
                {row.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}
