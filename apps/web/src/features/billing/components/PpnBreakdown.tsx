import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ppnOf } from '@sapa/contracts';
import { formatCurrency } from '../../../lib/format';
import { taxBaseFraction } from '../money';

/**
 * What a price costs with PPN, computed with the contracts' `ppnOf` (the server's own rule): the
 * price, the tax base (DPP, rate/12 of the price), PPN at 12 % of that base, and the total.
 */
export function PpnBreakdown({
  amount,
  rate,
  priceLabel,
  testId = 'ppn-breakdown',
}: {
  amount: number | null;
  rate: number;
  priceLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation('topup');
  const tax =
    amount !== null && Number.isSafeInteger(amount) && amount > 0 ? ppnOf(amount, rate) : null;
  const fraction = taxBaseFraction(rate);
  const money = (value: number | undefined) => (value === undefined ? '—' : formatCurrency(value));
  const row = (label: string, value: string, id: string, hint?: string) => (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <div style={{ minWidth: 0 }}>
        <Text size="sm">{label}</Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      <Text size="sm" fw={550} data-testid={`${testId}-${id}`} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );

  return (
    <Stack gap={10} data-testid={testId}>
      {row(priceLabel, money(tax?.amount), 'amount')}
      {rate > 0 ? (
        <>
          {row(
            t('breakdown.taxBase'),
            money(tax?.taxBase),
            'dpp',
            fraction ? t('breakdown.taxBaseHint', { fraction }) : t('breakdown.taxBaseFull'),
          )}
          {row(t('breakdown.ppnOfBase'), money(tax?.ppn), 'ppn')}
        </>
      ) : (
        row(t('breakdown.noPpn'), money(0), 'ppn')
      )}
      <Divider />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={650}>{t('breakdown.total')}</Text>
        <Text fw={750} fz={22} data-testid={`${testId}-total`} style={{ whiteSpace: 'nowrap' }}>
          {money(tax?.gross)}
        </Text>
      </Group>
    </Stack>
  );
}
