import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { formatNumber, type RecipientCheckResult } from '@sapa/contracts';
import { money } from './parts';
import { IconAlertTriangle, IconClock, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PICKER_DATE_TIME_FORMAT } from '../../lib/datePickers';
import { fromWallTime, toWallTime, useAccountTimeZone, zoneLabel } from '../../lib/datetime';
import { notifyError } from '../../lib/notify';
import { downloadRejected } from './api';
import { countdown } from './countdown';
import { broadcastError, translateBroadcastText } from './reasons';
import type { WizardValues } from './wizard-model';
import classes from './broadcasts.module.css';

function Stat({
  label,
  value,
  hint,
  color,
}: {
  label: string;
  value: string;
  hint?: React.ReactNode;
  color?: string;
}) {
  return (
    <Card padding="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text
        fw={700}
        fz={{ base: 'lg', sm: 'xl' }}
        c={color}
        className={classes.stat}
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" component="div">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Live "Starts in x days y hours z minutes", updated every 15 seconds. */
export function StartsIn({ at }: { at: Date }) {
  const { t } = useTranslation('broadcasts');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const left = countdown(now, at);
  if (!left) return null;
  const parts = [
    left.days > 0 && t('wizard.review.days', { count: left.days }),
    (left.days > 0 || left.hours > 0) && t('wizard.review.hours', { count: left.hours }),
    t('wizard.review.minutes', { count: left.minutes }),
  ].filter(Boolean);
  return (
    <Group gap={6} c="sapa.8" data-testid="countdown">
      <IconClock size={16} />
      <Text size="sm" fw={500}>
        {t('wizard.review.startsIn', { time: parts.join(' ') })}
      </Text>
    </Group>
  );
}

/** Step 3: counts, cost against the balance, failing rows, start time and Self Assign. */
export function StepReview({
  values,
  set,
  check,
  scheduleError,
}: {
  values: WizardValues;
  set: (patch: Partial<WizardValues>) => void;
  check: RecipientCheckResult;
  scheduleError: string | null;
}) {
  const { t } = useTranslation('broadcasts');
  const { cost } = check;
  const timeZone = useAccountTimeZone();
  const scheduled = values.when === 'later' ? fromWallTime(values.scheduledAt, timeZone) : null;

  const download = async () => {
    try {
      await downloadRejected(check.draftId);
    } catch (error) {
      notifyError(broadcastError(error));
    }
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, xl: 4 }} spacing="sm">
        <Stat
          label={t('wizard.review.valid')}
          value={formatNumber(check.validCount)}
          color="sapa.8"
        />
        <Stat
          label={t('wizard.review.invalid')}
          value={formatNumber(check.invalidCount)}
          color={check.invalidCount > 0 ? 'red.7' : undefined}
          hint={
            check.invalidCount > 0 ? (
              <Anchor
                size="xs"
                component="button"
                type="button"
                onClick={() => void download()}
                data-testid="download-invalid"
              >
                <IconDownload size={12} /> {t('wizard.review.downloadInvalid')}
              </Anchor>
            ) : (
              t('wizard.review.invalidNone')
            )
          }
        />
        <Stat
          label={t('wizard.review.cost')}
          value={money(cost.estimatedCost)}
          hint={t('wizard.review.costHint', { price: money(cost.pricePerMessage) })}
        />
        <Stat
          label={t('wizard.review.balance')}
          value={money(cost.balance)}
          color={cost.sufficient ? undefined : 'red.7'}
        />
      </SimpleGrid>
      {!cost.sufficient && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('messages:insufficientBalance')}
          data-testid="insufficient-balance"
        >
          {cost.balance < cost.minimumBalance
            ? t('wizard.review.minimumText', { minimum: money(cost.minimumBalance) })
            : t('wizard.review.insufficientText')}
        </Alert>
      )}
      {check.invalidSample.length > 0 && (
        <Card padding="sm" radius="md">
          <Text size="sm" fw={600} mb={6}>
            {t('wizard.review.invalidSample')}
          </Text>
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Tbody>
                {check.invalidSample.slice(0, 5).map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td w={80} c="dimmed">
                      {t('wizard.review.row', { row: r.row })}
                    </Table.Td>
                    <Table.Td className={classes.mono}>{r.values.phone ?? ''}</Table.Td>
                    <Table.Td c="red.8">{translateBroadcastText(r.reason)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('wizard.review.when')}
        </Text>
        <SegmentedControl
          value={values.when}
          onChange={(v) =>
            set(
              v === 'later'
                ? {
                    when: 'later',
                    scheduledAt:
                      values.scheduledAt || toWallTime(Date.now() + 60 * 60_000, timeZone),
                  }
                : { when: 'now' },
            )
          }
          data={[
            { value: 'now', label: t('wizard.review.sendNow') },
            { value: 'later', label: t('wizard.review.schedule') },
          ]}
          w={{ base: '100%', xs: 300 }}
          data-testid="when"
        />
        {values.when === 'later' && (
          <Group align="flex-end" gap="md">
            {/* The account's wall clock, whatever zone this browser is in: the zone is named. */}
            <DateTimePicker
              label={t('wizard.review.startAt')}
              description={t('wizard.review.startAtZone', { zone: zoneLabel(timeZone) })}
              valueFormat={PICKER_DATE_TIME_FORMAT}
              value={values.scheduledAt || null}
              minDate={toWallTime(Date.now(), timeZone)}
              onChange={(value) => set({ scheduledAt: value ?? '' })}
              error={scheduleError ? t(scheduleError) : undefined}
              w={280}
              data-testid="scheduled-at"
              data-value={values.scheduledAt}
            />
            {scheduled && <StartsIn at={scheduled} />}
          </Group>
        )}
      </Stack>
      <Switch
        label={t('wizard.review.selfAssign')}
        description={t('wizard.review.selfAssignHelp')}
        checked={values.selfAssign}
        onChange={(e) => set({ selfAssign: e.currentTarget.checked })}
        data-testid="self-assign"
      />
    </Stack>
  );
}
