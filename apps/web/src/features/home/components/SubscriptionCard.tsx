import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubscriptionInfo } from '@sapa/contracts';
import { formatDate } from '../../../lib/format';
import { daysUntil, inRenewalWindow } from '../../shared/session-helpers';

const STATUS_COLORS: Record<SubscriptionInfo['status'], string> = {
  none: 'gray',
  trial: 'blue',
  active: 'green',
  expired: 'red',
};

interface SubscriptionCardProps {
  subscription: SubscriptionInfo | null;
  now: number;
  canRenew: boolean;
}

export function SubscriptionCard({ subscription, now, canRenew }: SubscriptionCardProps) {
  const { t } = useTranslation(['home', 'settings']);
  const days = daysUntil(subscription?.dueDate, now);
  const dueDate = subscription?.dueDate ? formatDate(subscription.dueDate) : null;
  const renewable = canRenew && inRenewalWindow(subscription, now);

  let remaining: string | null = null;
  if (days !== null && dueDate) {
    if (days < 0) remaining = t('home:subscription.expiredOn', { date: dueDate });
    else if (days === 0) remaining = t('home:subscription.dueToday');
    else remaining = t('home:subscription.daysLeft', { count: days });
  }

  return (
    <Card data-testid="home-subscription">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed" fw={500}>
            {t('home:subscription.title')}
          </Text>
          {subscription && (
            <Badge variant="light" color={STATUS_COLORS[subscription.status]}>
              {t(`settings:account.subscriptionStatus.${subscription.status}`)}
            </Badge>
          )}
        </Group>
        <Title order={3}>{subscription?.plan?.name ?? t('home:subscription.noPlan')}</Title>
        {remaining && (
          // Two lines, so neither the count nor the date is ever cut off (Indonesian is longer).
          <div>
            <Group gap={6} wrap="nowrap">
              <IconCalendarDue size={16} style={{ flexShrink: 0, opacity: 0.7 }} />
              <Text
                size="sm"
                fw={600}
                c={days !== null && days <= 7 ? 'orange.8' : undefined}
                data-testid="home-days-left"
              >
                {remaining}
              </Text>
            </Group>
            {days !== null && days >= 0 && (
              <Text size="sm" c="dimmed" ml={22}>
                {t('home:subscription.dueOn', { date: dueDate })}
              </Text>
            )}
          </div>
        )}
        {subscription?.status === 'trial' && (
          <Text size="sm" c="dimmed">
            {t('home:subscription.trialNote')}
          </Text>
        )}
        {renewable && (
          <Group mt="auto">
            <Button component={Link} to="/renewal" size="xs" variant="light">
              {t('home:subscription.renew')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
