import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ppnOf, type BillingPeriod } from '@sapa/contracts';
import { formatCurrency } from '../../../lib/format';
import { periodPrice, yearlySaving, type SellableProduct } from '../money';
import type { OrderRequest } from '../orders';
import { PpnBreakdown } from './PpnBreakdown';
import classes from './topup.module.css';

interface PlanCheckoutProps {
  products: SellableProduct[];
  /** The plan chosen first (the account's current one); the first product otherwise. */
  initialCode: string | null;
  initialPeriod: BillingPeriod;
  type: 'subscription' | 'renewal';
  /** A renewal pays for the plan the account has: no other plan is offered. */
  lockPlan: boolean;
  rate: number;
  canPay: boolean;
  busy: boolean;
  onPay: (request: OrderRequest) => void;
}

/** Choose a plan and a period, see the PPN breakdown, and pay through Snap. */
export function PlanCheckout({
  products,
  initialCode,
  initialPeriod,
  type,
  lockPlan,
  rate,
  canPay,
  busy,
  onPay,
}: PlanCheckoutProps) {
  const { t } = useTranslation('billing');
  const first = products.find((p) => p.code === initialCode) ?? products[0] ?? null;
  const [code, setCode] = useState<string | null>(first?.code ?? null);
  const product = products.find((p) => p.code === code) ?? first;
  const yearly = product ? periodPrice(product, 'yearly') !== null : false;
  const [chosen, setChosen] = useState<BillingPeriod>(initialPeriod);
  const period: BillingPeriod = chosen === 'yearly' && !yearly ? 'monthly' : chosen;
  const price = product ? periodPrice(product, period) : null;
  const choices = lockPlan ? products.filter((p) => p.code === product?.code) : products;

  if (!product) return <Text c="dimmed">{t('checkout.noPlans')}</Text>;
  const saving = yearlySaving(product);

  return (
    <Stack gap="lg" data-testid="plan-checkout">
      {choices.length > 1 && (
        <SimpleGrid cols={{ base: 1, sm: Math.min(choices.length, 3) }} spacing="sm">
          {choices.map((p) => {
            const selected = p.code === product.code;
            const shown = periodPrice(p, period) ?? p.price;
            return (
              <UnstyledButton
                key={p.code}
                role="radio"
                aria-checked={selected}
                className={classes.preset}
                data-selected={selected || undefined}
                onClick={() => setCode(p.code)}
                data-testid={`checkout-plan-${p.code}`}
              >
                <Text fw={700}>{p.name}</Text>
                <Text size="sm" c="dimmed">
                  {formatCurrency(shown)} {t(`per.${periodPrice(p, period) ? period : 'monthly'}`)}
                </Text>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
      {yearly && (
        <Group gap="sm" align="center">
          <SegmentedControl
            value={period}
            onChange={(v) => setChosen(v === 'yearly' ? 'yearly' : 'monthly')}
            data={[
              { value: 'monthly', label: t('periods.monthly') },
              { value: 'yearly', label: t('periods.yearly') },
            ]}
            data-testid="checkout-period"
          />
          {saving !== null && (
            <Badge variant="light" color="green">
              {t('plan.save', { percent: saving })}
            </Badge>
          )}
        </Group>
      )}
      <PpnBreakdown
        amount={price}
        rate={rate}
        priceLabel={t('checkout.line', {
          plan: product.name,
          period: t(`checkout.period.${period}`),
        })}
        testId="plan-breakdown"
      />
      {canPay ? (
        <Button
          size="lg"
          leftSection={<IconLock size={18} />}
          loading={busy}
          disabled={price === null}
          onClick={() => onPay({ type, productCode: product.code, billingPeriod: period })}
          data-testid="plan-pay"
        >
          {price === null
            ? t('checkout.pay')
            : t('checkout.payTotal', { total: formatCurrency(ppnOf(price, rate).gross) })}
        </Button>
      ) : (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          {t('checkout.adminOnly')}
        </Alert>
      )}
      <Text size="xs" c="dimmed" ta="center">
        {t('checkout.methods')}
      </Text>
    </Stack>
  );
}
