import { useEffect } from 'react';
import { Box, Button, Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { formatDate } from '../../lib/format';
import { useProducts } from './api';
import { PaymentStatusModal } from './components/PaymentStatusModal';
import { PlanCheckout } from './components/PlanCheckout';
import { ppnRateOf } from './money';
import { usePayment } from './usePayment';

/**
 * /subscription-expired (rule 9): what happened, that nothing is lost, and for admins the way
 * back: pay a plan through Snap. Once the order is paid the session reloads and the guard opens
 * the app again.
 */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation('billing');
  const { user, account, subscription, settings, logout } = useSession();
  const [params, setParams] = useSearchParams();
  const products = useProducts();
  const payment = usePayment();
  const company = account?.name ?? user?.company ?? '';
  const dueDate = subscription?.dueDate ? formatDate(subscription.dueDate) : null;
  const admin = user?.role === 'admin';

  const returned = params.get('order_id');
  const { watch } = payment;
  useEffect(() => {
    if (returned) watch(returned, 'returned');
  }, [returned, watch]);

  return (
    <Box maw={680} mx="auto">
      <Stack gap="lg">
        <Card p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md" align="center" ta="center" data-testid="subscription-expired">
            <ThemeIcon size={64} radius="xl" color="red" variant="light">
              <IconCalendarOff size={34} />
            </ThemeIcon>
            <Title order={2}>{t('expired.title')}</Title>
            <Text>
              {dueDate
                ? t('expired.body', { company, date: dueDate })
                : t('expired.bodyNoDate', { company })}
            </Text>
            <Text size="sm" c="dimmed">
              {admin ? t('expired.admin') : t('expired.member')}
            </Text>
          </Stack>
        </Card>
        {admin && (
          <Card p={{ base: 'lg', sm: 'xl' }}>
            <Title order={3} size="h4">
              {t('expired.payTitle')}
            </Title>
            <Text size="sm" c="dimmed" mt={4} mb="lg">
              {t('expired.payText')}
            </Text>
            {products.isPending ? (
              <Center py="lg">
                <Loader />
              </Center>
            ) : (
              <PlanCheckout
                products={products.data ?? []}
                initialCode={subscription?.plan?.code ?? null}
                initialPeriod={subscription?.billingPeriod === 'yearly' ? 'yearly' : 'monthly'}
                type="subscription"
                lockPlan={false}
                rate={ppnRateOf(settings['bo.ppn'])}
                canPay
                busy={payment.busy === 'comeback'}
                onPay={(request) => void payment.pay(request, 'comeback')}
              />
            )}
          </Card>
        )}
        <Center>
          <Button variant="default" onClick={() => void logout()} data-testid="expired-logout">
            {t('expired.signOut')}
          </Button>
        </Center>
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
