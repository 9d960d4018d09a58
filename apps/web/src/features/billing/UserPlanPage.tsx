import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LIMITS, MESSAGES, type BillingPeriod } from '@sapa/contracts';
import { useSession } from '../../app/session';
import { SUPPORT_EMAIL } from '../../lib/config';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorText } from '../shared/forms';
import { useProducts, useStartTrial } from './api';
import { PaymentStatusModal } from './components/PaymentStatusModal';
import { PlanCard } from './components/PlanCard';
import { periodPrice, ppnRateOf, type SellableProduct } from './money';
import { usePayment } from './usePayment';

/**
 * /user-plan (rule 8: an account without a plan): every plan with its monthly or yearly price,
 * a free trial, or buying the plan now through Snap. Midtrans sends the buyer back here with
 * `?order_id=`; once the order is paid the session reloads and the guard opens the dashboard.
 */
export function UserPlanPage() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { user, settings, reload, logout } = useSession();
  const products = useProducts();
  const startTrial = useStartTrial();
  const payment = usePayment();
  const [starting, setStarting] = useState<string | null>(null);
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const isAdmin = user?.role === 'admin';
  const rate = ppnRateOf(settings['bo.ppn']);
  const list: SellableProduct[] = products.data ?? [];
  // Every plan has the same trial today; the heading uses the plans' own figure when known.
  const trialDays = list[0]?.trialDays ?? LIMITS.trialDays;
  const yearly = list.some((p) => periodPrice(p, 'yearly') !== null);

  const returned = params.get('order_id');
  const { watch } = payment;
  useEffect(() => {
    if (returned) watch(returned, 'returned');
  }, [returned, watch]);

  const start = async (product: SellableProduct) => {
    setStarting(product.code);
    try {
      await startTrial.mutateAsync(product.code);
      // The guard reads the due date from the session: reload it before leaving the picker.
      await reload();
      notifySuccess(t('plan.trialStarted'));
      navigate('/', { replace: true });
    } catch (error) {
      notifyError(errorText(error, MESSAGES.someError));
    } finally {
      setStarting(null);
    }
  };

  const busyCode = payment.busy?.startsWith('buy-') ? payment.busy.slice(4) : null;
  const working = starting ?? busyCode;

  return (
    <Stack gap="xl" py={{ base: 0, sm: 'md' }}>
      {/* Choosing a plan is the only step: no "step 1 of 1" counter. */}
      <Stack gap={6} align="center" ta="center">
        <Title order={1}>{t('plan.title')}</Title>
        <Text c="dimmed" maw={560}>
          {t('plan.subtitle', { days: trialDays })}
        </Text>
      </Stack>

      {!isAdmin && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} maw={640} mx="auto">
          {t('plan.askAdmin')}
        </Alert>
      )}

      {yearly && (
        <Group justify="center" gap="sm">
          <SegmentedControl
            value={period}
            onChange={(v) => setPeriod(v === 'yearly' ? 'yearly' : 'monthly')}
            data={[
              { value: 'monthly', label: t('periods.monthly') },
              { value: 'yearly', label: t('periods.yearly') },
            ]}
            data-testid="plan-period"
          />
          <Badge variant="light" color="green">
            {t('plan.yearlyHint')}
          </Badge>
        </Group>
      )}

      {products.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : products.isError ? (
        <Alert color="red" variant="light" maw={640} mx="auto" w="100%">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('plan.loadFailed')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void products.refetch()}>
              {t('plan.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center">
          <Trans
            t={t}
            i18nKey="plan.empty"
            values={{ email: SUPPORT_EMAIL }}
            components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} inherit /> }}
          />
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(list.length, 3) }} spacing="lg">
          {list.map((product) => (
            <PlanCard
              key={product.code}
              product={product}
              period={period}
              rate={rate}
              canStart={isAdmin}
              loading={
                starting === product.code ? 'trial' : busyCode === product.code ? 'buy' : null
              }
              disabled={working !== null && working !== product.code}
              onStart={(p) => void start(p)}
              onBuy={(p, chosen) =>
                void payment.pay(
                  { type: 'subscription', productCode: p.code, billingPeriod: chosen },
                  `buy-${p.code}`,
                )
              }
            />
          ))}
        </SimpleGrid>
      )}

      <Center>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => void logout()}>
          {t('plan.signOut')}
        </Anchor>
      </Center>
      <PaymentStatusModal
        watched={payment.watched}
        busy={payment.busy}
        onClose={() => {
          payment.close();
          if (returned) setParams({}, { replace: true });
        }}
        onResume={(order) => void payment.resume(order)}
      />
    </Stack>
  );
}
