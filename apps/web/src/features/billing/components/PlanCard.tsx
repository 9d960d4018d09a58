import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ppnOf, type BillingPeriod } from '@sapa/contracts';
import { formatCurrency } from '../../../lib/format';
import { periodPrice, type SellableProduct } from '../money';
import { planFeatures } from '../planFeatures';

interface PlanCardProps {
  product: SellableProduct;
  /** The period the prices are shown for (the page's monthly/yearly switch). */
  period: BillingPeriod;
  /** bo.ppn: the total to pay is shown beside the price before tax. */
  rate: number;
  /** Admins choose plans; everyone else reads them. */
  canStart: boolean;
  /** What is loading: this card's trial or its purchase. */
  loading: 'trial' | 'buy' | null;
  disabled: boolean;
  onStart: (product: SellableProduct) => void;
  onBuy?: ((product: SellableProduct, period: BillingPeriod) => void) | undefined;
}

// Long labels (Indonesian, narrow cards) wrap instead of being cut off.
const WRAPPING = {
  h: 'auto',
  mih: 42,
  py: 8,
  styles: {
    label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.3 },
  },
};

export function PlanCard({
  product,
  period,
  rate,
  canStart,
  loading,
  disabled,
  onStart,
  onBuy,
}: PlanCardProps) {
  const { t } = useTranslation('billing');
  // A plan without a yearly price is sold by the month only.
  const shown: BillingPeriod = periodPrice(product, period) === null ? 'monthly' : period;
  const price = periodPrice(product, shown) ?? product.price;
  const per = t(`per.${shown}`);

  return (
    <Card padding="xl" data-testid={`plan-${product.code}`} h="100%">
      <Stack gap="md" h="100%">
        <div>
          <Group justify="space-between" wrap="nowrap" align="center">
            <Title order={3}>{product.name}</Title>
            <Badge variant="light">{t(`periods.${shown}`)}</Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={6} mih={40}>
            {product.description}
          </Text>
        </div>
        {/* Three cards share a laptop-width page: "/ month" moves under the price rather than
            the price breaking between "Rp" and the amount. */}
        <div>
          <Group gap={6} align="baseline">
            <Text
              fz={28}
              fw={700}
              lh={1.1}
              style={{ whiteSpace: 'nowrap' }}
              data-testid={`plan-price-${product.code}`}
            >
              {formatCurrency(price)}
            </Text>
            <Text size="sm" c="dimmed">
              {per}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('plan.withPpn', { total: formatCurrency(ppnOf(price, rate).gross) })}
          </Text>
        </div>
        <List
          spacing={8}
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light">
              <IconCheck size={13} />
            </ThemeIcon>
          }
        >
          <List.Item>{t('plan.agents', { count: product.agentLimit })}</List.Item>
          {planFeatures(product).map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Stack gap={6} mt="auto">
          {canStart && (
            <Button
              fullWidth
              size="md"
              loading={loading === 'trial'}
              disabled={disabled}
              onClick={() => onStart(product)}
              {...WRAPPING}
              data-testid={`plan-start-trial-${product.code}`}
            >
              {t('plan.startTrial', { days: product.trialDays })}
            </Button>
          )}
          {canStart && onBuy && (
            <Button
              fullWidth
              size="md"
              variant="default"
              loading={loading === 'buy'}
              disabled={disabled}
              onClick={() => onBuy(product, shown)}
              {...WRAPPING}
              data-testid={`plan-buy-${product.code}`}
            >
              {t('plan.buy', { period: t(`checkout.period.${shown}`) })}
            </Button>
          )}
          <Text size="xs" c="dimmed" ta="center">
            {t('plan.afterTrial', { price: formatCurrency(price), per })}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
