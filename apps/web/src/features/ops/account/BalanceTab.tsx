import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPS_ADJUST_MAX, type OpsAccountDetail } from '@sapa/contracts';
import { formatDateTime } from '../../../lib/datetime';
import { formatCurrency } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { opsApi, useAccountAction } from '../api';
import { OPS_NS, OPS_ZONE } from '../opsI18n';

/** A v4 UUID from getRandomValues (randomUUID needs a secure context; a console may not have one). */
function requestId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const KIND_COLORS: Record<string, string> = {
  topup: 'green',
  charge: 'gray',
  refund: 'blue',
  adjustment: 'violet',
  plan: 'teal',
};

export function BalanceTab({ detail }: { detail: OpsAccountDetail }) {
  const { t } = useTranslation(OPS_NS);
  const accountId = detail.account.id;
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  // One id per intended change: a retry of the same submission books once.
  const [reqId, setReqId] = useState(requestId);
  const action = useAccountAction(accountId, () =>
    opsApi.balance(accountId, {
      direction,
      amount: Number(amount),
      reason: reason.trim(),
      requestId: reqId,
    }),
  );
  const n = Number(amount);
  const valid = Number.isInteger(n) && n >= 1 && n <= OPS_ADJUST_MAX && reason.trim() !== '';

  const submit = () =>
    action.mutate(undefined, {
      onSuccess: (result) => {
        notifySuccess(
          t('balance.done', { saldo: formatCurrency((result as { saldo: number }).saldo) }),
        );
        setAmount('');
        setReason('');
        setReqId(requestId());
      },
      onError: (err) => notifyError(errorText(err)),
    });

  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      <Box w={{ base: '100%', md: 400 }}>
        <Card withBorder radius="md" p="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('balance.current')}
          </Text>
          <Title order={2} mt={4} mb="lg" data-testid="ops-balance-now">
            {formatCurrency(detail.account.balance)}
          </Title>
          <Stack gap="sm">
            <SegmentedControl
              fullWidth
              value={direction}
              onChange={(v) => setDirection(v === 'debit' ? 'debit' : 'credit')}
              data={[
                { value: 'credit', label: t('balance.credit') },
                { value: 'debit', label: t('balance.debit') },
              ]}
              data-testid="ops-direction"
            />
            <NumberInput
              label={t('balance.amount')}
              prefix="Rp "
              thousandSeparator="."
              decimalSeparator=","
              allowDecimal={false}
              allowNegative={false}
              min={1}
              max={OPS_ADJUST_MAX}
              value={amount}
              onChange={setAmount}
              data-testid="ops-amount"
            />
            <Textarea
              label={t('reason')}
              description={t('balance.reasonHint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
              data-testid="ops-reason"
            />
            <Button
              color={direction === 'debit' ? 'red' : 'sapa'}
              disabled={!valid}
              loading={action.isPending}
              onClick={submit}
              data-testid="ops-balance-submit"
            >
              {direction === 'debit'
                ? t('balance.submitDebit', { amount: valid ? formatCurrency(n) : '' })
                : t('balance.submitCredit', { amount: valid ? formatCurrency(n) : '' })}
            </Button>
          </Stack>
        </Card>
      </Box>
      <Box style={{ flex: '1 1 420px', minWidth: 0 }}>
        <Card withBorder radius="md" p={0}>
          <Text fw={650} p="md" pb="xs">
            {t('balance.ledger')}
          </Text>
          {detail.ledger.length === 0 ? (
            <Text c="dimmed" size="sm" p="md">
              {t('balance.empty')}
            </Text>
          ) : (
            <Stack gap={0} data-testid="ops-ledger">
              {detail.ledger.map((l) => (
                <Group
                  key={l.id}
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                  gap="md"
                  px="md"
                  py="sm"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                >
                  <Box style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Badge size="xs" variant="light" color={KIND_COLORS[l.kind] ?? 'gray'}>
                        {t(`balance.kinds.${l.kind}`, { defaultValue: l.kind })}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(l.createdAt, { timeZone: OPS_ZONE })}
                      </Text>
                    </Group>
                    <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                      {l.description || l.orderId || '—'}
                    </Text>
                    {l.operatorEmail && (
                      <Text size="xs" c="dimmed">
                        {t('balance.by', { email: l.operatorEmail })}
                      </Text>
                    )}
                  </Box>
                  <Box ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" c={l.amount < 0 ? 'red.7' : 'green.8'} fw={600}>
                      {l.amount > 0 ? '+' : ''}
                      {formatCurrency(l.amount)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatCurrency(l.balanceAfter)}
                    </Text>
                  </Box>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </Box>
    </Group>
  );
}
