import { useState } from 'react';
import {
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconCalendarPlus, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OPS_EXTEND_MAX_DAYS, type OpsAccountDetail } from '@sapa/contracts';
import { formatDate, formatDateTime } from '../../../lib/datetime';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { opsApi, useAccountAction } from '../api';
import { OPS_NS, OPS_ZONE } from '../opsI18n';

const DAY_MS = 86_400_000;

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={650} fz="lg" mt={4} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

export function OverviewTab({ detail }: { detail: OpsAccountDetail }) {
  const { t } = useTranslation(OPS_NS);
  const { account, subscription } = detail;
  const [modal, setModal] = useState<'extend' | 'suspend' | null>(null);
  const suspended = account.status === 'suspended';
  const date = (v: string | null) => (v ? formatDate(v, { timeZone: OPS_ZONE }) : '—');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Fact
          label={t('accounts.balance')}
          value={formatCurrency(account.balance)}
          testId="ops-balance"
        />
        <Fact label={t('accounts.plan')} value={subscription?.plan.name ?? t('accounts.noPlan')} />
        <Fact label={t('accounts.dueDate')} value={date(account.dueDate)} testId="ops-due-date" />
        <Fact label={t('accounts.usage')} value={formatCurrency(account.usageThisMonth)} />
        <Fact label={t('accounts.channels')} value={formatNumber(account.channels)} />
        <Fact
          label={t('overview.billing')}
          value={
            subscription
              ? `${formatCurrency(subscription.billingAmount)} / ${t(`overview.period.${subscription.billingPeriod === 'yearly' ? 'yearly' : 'monthly'}`)}`
              : '—'
          }
        />
        <Fact label={t('overview.timezone')} value={account.timezone} />
        <Fact label={t('overview.since')} value={date(account.createdAt)} />
      </SimpleGrid>
      {suspended && (
        <Card withBorder radius="md" bg="red.0" data-testid="ops-suspended-note">
          <Text fw={600} c="red.8">
            {t('overview.suspendedSince', {
              date: formatDateTime(account.suspendedAt ?? '', { timeZone: OPS_ZONE }),
            })}
          </Text>
          <Text size="sm">{account.suspendedReason}</Text>
        </Card>
      )}
      <Group gap="sm">
        <Button
          leftSection={<IconCalendarPlus size={18} />}
          variant="default"
          disabled={!subscription}
          onClick={() => setModal('extend')}
          data-testid="ops-extend"
        >
          {t('overview.extend')}
        </Button>
        <Button
          leftSection={suspended ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
          color={suspended ? 'sapa' : 'red'}
          variant={suspended ? 'filled' : 'light'}
          onClick={() => setModal('suspend')}
          data-testid="ops-suspend"
        >
          {suspended ? t('overview.unsuspend') : t('overview.suspend')}
        </Button>
      </Group>
      {modal === 'extend' && subscription && (
        <ExtendModal
          accountId={account.id}
          dueDate={subscription.dueDate}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'suspend' && (
        <SuspendModal accountId={account.id} suspended={suspended} onClose={() => setModal(null)} />
      )}
    </Stack>
  );
}

function ExtendModal(props: { accountId: string; dueDate: string; onClose: () => void }) {
  const { t } = useTranslation(OPS_NS);
  const [days, setDays] = useState<number | string>(7);
  const [reason, setReason] = useState('');
  const action = useAccountAction(props.accountId, () =>
    opsApi.extend(props.accountId, Number(days), reason.trim()),
  );
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= 1 && n <= OPS_EXTEND_MAX_DAYS && reason.trim() !== '';
  const from = Math.max(Date.parse(props.dueDate), Date.now());
  return (
    <Modal opened onClose={props.onClose} title={t('overview.extendTitle')} centered>
      <Stack>
        <NumberInput
          label={t('overview.days')}
          min={1}
          max={OPS_EXTEND_MAX_DAYS}
          allowDecimal={false}
          value={days}
          onChange={setDays}
        />
        {Number.isInteger(n) && n >= 1 && (
          <Text size="sm" c="dimmed">
            {t('overview.newDueDate', {
              date: formatDate(new Date(from + n * DAY_MS), { timeZone: OPS_ZONE }),
            })}
          </Text>
        )}
        <Textarea
          label={t('reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button
            disabled={!valid}
            loading={action.isPending}
            onClick={() =>
              action.mutate(undefined, {
                onSuccess: () => {
                  notifySuccess(t('overview.extended'));
                  props.onClose();
                },
                onError: (err) => notifyError(errorText(err)),
              })
            }
          >
            {t('overview.extend')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SuspendModal(props: { accountId: string; suspended: boolean; onClose: () => void }) {
  const { t } = useTranslation(OPS_NS);
  const [reason, setReason] = useState('');
  const action = useAccountAction(props.accountId, () =>
    props.suspended
      ? opsApi.unsuspend(props.accountId, reason.trim())
      : opsApi.suspend(props.accountId, reason.trim()),
  );
  return (
    <Modal
      opened
      onClose={props.onClose}
      centered
      title={props.suspended ? t('overview.unsuspendTitle') : t('overview.suspendTitle')}
    >
      <Stack>
        <Text size="sm">
          {props.suspended ? t('overview.unsuspendText') : t('overview.suspendText')}
        </Text>
        <Textarea
          label={t('reason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          data-testid="ops-suspend-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button
            color={props.suspended ? 'sapa' : 'red'}
            disabled={!reason.trim()}
            loading={action.isPending}
            data-testid="ops-suspend-confirm"
            onClick={() =>
              action.mutate(undefined, {
                onSuccess: () => {
                  notifySuccess(
                    props.suspended ? t('overview.unsuspended') : t('overview.suspended'),
                  );
                  props.onClose();
                },
                onError: (err) => notifyError(errorText(err)),
              })
            }
          >
            {props.suspended ? t('overview.unsuspend') : t('overview.suspend')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
