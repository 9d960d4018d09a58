import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@sapa/contracts';
import { formatCurrency } from '../../../lib/format';
import { planFeatures } from '../planFeatures';

interface PlanCardProps {
  product: Product;
  canStart: boolean;
  loading: boolean;
  disabled: boolean;
  onStart: (product: Product) => void;
}

export function PlanCard({ product, canStart, loading, disabled, onStart }: PlanCardProps) {
  const { t } = useTranslation('billing');
  const per = t(`per.${product.billingPeriod}`);

  return (
    <Card padding="xl" data-testid={`plan-${product.code}`} h="100%">
      <Stack gap="md" h="100%">
        <div>
          <Group justify="space-between" wrap="nowrap" align="center">
            <Title order={3}>{product.name}</Title>
            <Badge variant="light">{t(`periods.${product.billingPeriod}`)}</Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={6} mih={40}>
            {product.description}
          </Text>
        </div>
        {/* Three cards share a laptop-width page: "/ month" moves under the price rather than
            the price breaking between "Rp" and the amount. */}
        <Group gap={6} align="baseline">
          <Text
            fz={28}
            fw={700}
            lh={1.1}
            style={{ whiteSpace: 'nowrap' }}
            data-testid={`plan-price-${product.code}`}
          >
            {formatCurrency(product.price)}
          </Text>
          <Text size="sm" c="dimmed">
            {per}
          </Text>
        </Group>
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
              loading={loading}
              disabled={disabled}
              onClick={() => onStart(product)}
              // A long label (Indonesian, narrow cards) wraps instead of being cut off.
              h="auto"
              mih={42}
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
              data-testid={`plan-start-trial-${product.code}`}
            >
              {t('plan.startTrial', { days: product.trialDays })}
            </Button>
          )}
          <Text size="xs" c="dimmed" ta="center">
            {t('plan.afterTrial', { price: formatCurrency(product.price), per })}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
