import { useEffect, useState } from 'react';
import {
  Anchor,
  Badge,
  Box,
  Card,
  Center,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { formatCurrency, formatDate } from '../../lib/format';
import { daysUntil } from '../shared/session-helpers';
import { useProducts } from './api';
import { PaymentStatusModal } from './components/PaymentStatusModal';
import { PlanCheckout } from './components/PlanCheckout';
import { ppnRateOf } from './money';
import { usePayment } from './usePayment';

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/**
 * /renewal (rule 10: within 7 days of the due date, and through `payment_tolerant_in_day`'s grace):
 * the plan, its due date, and paying the next period through Snap. A paid plan renews (the next
 * period runs on from the due date); a trial buys its plan.
 */
export function RenewalPage() {
  const { t } = useTranslation('billing');
  const { user, subscription, settings } = useSession();
  const [params, setParams] = useSearchParams();
  const products = useProducts();
  const payment = usePayment();
  const [now] = useState(() => Date.now());
  const dueDate = subscription?.dueDate ? formatDate(subscription.dueDate) : null;
  const days = daysUntil(subscription?.dueDate, now);
  const period = subscription?.billingPeriod;
  const how: unknown = t('renewal.how', { returnObjects: true });
  const trial = subscription?.status === 'trial';

  const returned = params.get('order_id');
  const { watch } = payment;
  useEffect(() => {
    if (returned) watch(returned, 'returned');
  }, [returned, watch]);

  const facts = [
    { label: t('renewal.plan'), value: subscription?.plan?.name ?? '—' },
    { label: t('renewal.dueDate'), value: dueDate ?? '—', testId: 'renewal-due-date' },
    {
      label: t('renewal.period'),
      value: period === 'monthly' || period === 'yearly' ? t(`periods.${period}`) : (period ?? '—'),
      testId: 'renewal-period',
    },
    {
      label: t('renewal.amount'),
      value: subscription?.billingAmount != null ? formatCurrency(subscription.billingAmount) : '—',
      testId: 'renewal-amount',
    },
  ];

  return (
    <Box maw={760} mx="auto">
      <Stack gap="lg">
        <Anchor component={Link} to="/" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('renewal.back')}
        </Anchor>
        <div>
          <Group gap="sm" align="center">
            <Title order={1}>{t('renewal.title')}</Title>
            {days !== null && (
              <Badge color={days < 0 ? 'red' : 'orange'} variant="light" size="lg">
                {days < 0
                  ? t('renewal.overdue')
                  : days === 0
                    ? t('renewal.dueToday')
                    : t('renewal.daysLeft', { count: days })}
              </Badge>
            )}
          </Group>
          {dueDate && (
            <Text c="dimmed" mt={6}>
              {subscription?.plan
                ? t('renewal.subtitle', { plan: subscription.plan.name, date: dueDate })
                : t('renewal.subtitleNoPlan', { date: dueDate })}
            </Text>
          )}
        </div>

        <Card>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
            {facts.map((fact) => (
              <div key={fact.label}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {fact.label}
                </Text>
                <Text fw={650} mt={4} data-testid={fact.testId}>
                  {fact.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {trial && (
            <Text size="sm" c="dimmed" mt="md">
              {t('renewal.trialNote')}
            </Text>
          )}
        </Card>

        <Card>
          <Title order={3} size="h4">
            {trial ? t('renewal.buyTitle') : t('renewal.payTitle')}
          </Title>
          <Text size="sm" c="dimmed" mt={4} mb="lg">
            {trial ? t('renewal.buyText') : t('renewal.payText', { date: dueDate ?? '—' })}
          </Text>
          {products.isPending ? (
            <Center py="lg">
              <Loader />
            </Center>
          ) : (
            <PlanCheckout
              products={products.data ?? []}
              initialCode={subscription?.plan?.code ?? null}
              initialPeriod={period === 'yearly' ? 'yearly' : 'monthly'}
              type={trial ? 'subscription' : 'renewal'}
              lockPlan={!trial}
              rate={ppnRateOf(settings['bo.ppn'])}
              canPay={user?.role === 'admin'}
              busy={payment.busy === 'renew'}
              onPay={(request) => void payment.pay(request, 'renew')}
            />
          )}
        </Card>

        <Card>
          <Title order={3} size="h4" mb="sm">
            {t('renewal.howTitle')}
          </Title>
          <List spacing="xs" size="sm">
            {(isStringList(how) ? how : []).map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Card>
      </Stack>
      <PaymentStatusModal
        watched={payment.watched}
        busy={payment.busy}
        onClose={() => {
          payment.close();
          if (returned) setParams({}, { replace: true });
        }}
        onResume={(order) => void payment.resume(order)}
      />
    </Box>
  );
}
