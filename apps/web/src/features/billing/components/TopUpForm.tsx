import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Grid,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ppnOf, TOPUP_LIMITS } from '@sapa/contracts';
import { formatCurrency } from '../../../lib/format';
import { amountProblem } from '../money';
import { PpnBreakdown } from './PpnBreakdown';
import classes from './topup.module.css';

interface TopUpFormProps {
  presets: number[];
  /** bo.ppn, the effective rate. */
  rate: number;
  /** Admins pay; supervisors see the figures. */
  canPay: boolean;
  busy: boolean;
  onPay: (amount: number) => void;
}

/** Preset or custom amount, its PPN breakdown, and the Pay button. */
export function TopUpForm({ presets, rate, canPay, busy, onPay }: TopUpFormProps) {
  const { t } = useTranslation('topup');
  const [amount, setAmount] = useState<number | null>(presets[0] ?? null);
  const [custom, setCustom] = useState<number | string>('');
  const [touched, setTouched] = useState(false);
  const problem = amountProblem(amount);
  const limits = {
    min: formatCurrency(TOPUP_LIMITS.min),
    max: formatCurrency(TOPUP_LIMITS.max),
  };
  const error = touched && problem ? t(`form.problem.${problem}`, limits) : null;

  const choosePreset = (value: number) => {
    setAmount(value);
    setCustom('');
    setTouched(false);
  };
  const typeCustom = (value: number | string) => {
    setCustom(value);
    setAmount(typeof value === 'number' ? value : null);
  };
  const submit = () => {
    setTouched(true);
    if (amount !== null && !problem) onPay(amount);
  };

  return (
    <Card data-testid="topup-form">
      <Grid gutter={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 6, xl: 7 }}>
          <Stack gap="md">
            <div>
              <Title order={3} size="h4">
                {t('form.title')}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {t('form.subtitle')}
              </Text>
            </div>
            {presets.length > 0 && (
              <SimpleGrid cols={2} spacing="sm" role="radiogroup" aria-label={t('form.presets')}>
                {presets.map((value) => {
                  const selected = amount === value && custom === '';
                  return (
                    <UnstyledButton
                      key={value}
                      role="radio"
                      aria-checked={selected}
                      className={classes.preset}
                      data-selected={selected || undefined}
                      onClick={() => choosePreset(value)}
                      data-testid={`topup-preset-${value}`}
                    >
                      <Text fw={700} fz="md" style={{ whiteSpace: 'nowrap' }}>
                        {formatCurrency(value)}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('form.presetPays', { total: formatCurrency(ppnOf(value, rate).gross) })}
                      </Text>
                    </UnstyledButton>
                  );
                })}
              </SimpleGrid>
            )}
            <NumberInput
              label={presets.length > 0 ? t('form.otherAmount') : t('form.amount')}
              description={t('form.limits', limits)}
              placeholder={t('form.amountPlaceholder')}
              prefix="Rp "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              hideControls
              size="md"
              value={custom}
              onChange={typeCustom}
              onBlur={() => setTouched(custom !== '')}
              error={error}
              data-testid="topup-custom"
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, xl: 5 }}>
          <Box className={classes.summary}>
            <Stack gap="md">
              <Text fw={650}>{t('form.summary')}</Text>
              <PpnBreakdown
                amount={problem ? null : amount}
                rate={rate}
                priceLabel={t('breakdown.addedToBalance')}
              />
              <Text size="xs" c="dimmed">
                {t('form.ppnOnce')}
              </Text>
              {canPay ? (
                <Button
                  size="lg"
                  fullWidth
                  onClick={submit}
                  loading={busy}
                  leftSection={<IconLock size={18} />}
                  data-testid="topup-pay"
                >
                  {amount !== null && !problem
                    ? t('form.payTotal', { total: formatCurrency(ppnOf(amount, rate).gross) })
                    : t('form.pay')}
                </Button>
              ) : (
                <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
                  {t('form.adminOnly')}
                </Alert>
              )}
              <Text size="xs" c="dimmed" ta="center">
                {t('form.methods')}
              </Text>
            </Stack>
          </Box>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
