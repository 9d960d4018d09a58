import { useEffect, useState } from 'react';
import { Card, Grid, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListDetails, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Order } from '@sapa/contracts';
import { useSession } from '../../app/session';
import { PageHeader } from '../shared/PageHeader';
import { BalanceHero } from './components/BalanceHero';
import { LedgerSection } from './components/LedgerSection';
import { OrderHistory } from './components/OrderHistory';
import { PaymentStatusModal } from './components/PaymentStatusModal';
import { TopUpForm } from './components/TopUpForm';
import { useBalance } from './ledger';
import { ppnRateOf, topupPresets } from './money';
import { requestOf } from './orders';
import { usePayment } from './usePayment';

const PHONE_QUERY = '(max-width: 767px)';

/**
 * /top-up (issue 16): the balance, a top-up with its PPN breakdown paid through Midtrans Snap, the
 * orders with their live status, and the balance history with its exports. Midtrans sends the
 * buyer back here with `?order_id=`: the page then shows that order as the server knows it.
 */
export function TopUpPage() {
  const { t } = useTranslation('topup');
  const { user, settings } = useSession();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<string | null>('orders');
  const balance = useBalance();
  const payment = usePayment();
  const canPay = user?.role === 'admin';
  const presets = topupPresets(settings.topupPrices);
  const rate = ppnRateOf(settings['bo.ppn']);
  const minimum = Number(settings['bo.minimumBalance'] ?? NaN);

  const returned = params.get('order_id');
  const { watch } = payment;
  useEffect(() => {
    if (returned) watch(returned, 'returned');
  }, [returned, watch]);

  const close = () => {
    payment.close();
    // The return address has done its job: a reload must not open the dialog again.
    if (returned) setParams({}, { replace: true });
  };
  const retry = (order: Order) => {
    const request = requestOf(order);
    close();
    if (request) void payment.pay(request, 'retry');
  };

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Stack gap="xl">
        <Grid gutter="lg" align="stretch">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <BalanceHero
              balance={balance.data}
              minimum={Number.isFinite(minimum) ? minimum : null}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <TopUpForm
              presets={presets}
              rate={rate}
              canPay={canPay}
              busy={payment.busy === 'topup' || payment.busy === 'retry'}
              onPay={(amount) => void payment.pay({ type: 'topup', amount }, 'topup')}
            />
          </Grid.Col>
        </Grid>
        <Card p={0}>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List px="md" pt="xs">
              <Tabs.Tab
                value="orders"
                leftSection={<IconReceipt size={16} />}
                data-testid="topup-tab-orders"
              >
                {t('tabs.orders')}
              </Tabs.Tab>
              <Tabs.Tab
                value="ledger"
                leftSection={<IconListDetails size={16} />}
                data-testid="topup-tab-ledger"
              >
                {t('tabs.ledger')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="orders" p={{ base: 'sm', sm: 'lg' }}>
              <OrderHistory
                phone={phone}
                canPay={canPay}
                busy={payment.busy}
                onOpen={(order) => payment.watch(order._id, 'view')}
                onResume={(order) => void payment.resume(order)}
              />
            </Tabs.Panel>
            <Tabs.Panel value="ledger" p={{ base: 'sm', sm: 'lg' }}>
              <LedgerSection phone={phone} />
            </Tabs.Panel>
          </Tabs>
        </Card>
      </Stack>
      <PaymentStatusModal
        watched={payment.watched}
        busy={payment.busy}
        onClose={close}
        onResume={(order) => void payment.resume(order)}
        onRetry={canPay ? retry : undefined}
      />
    </>
  );
}
