import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import {
  checkOpsSetting,
  OPS_SETTINGS,
  PAYMENT_GATEWAYS,
  type OpsAccountDetail,
  type OpsSettingDef,
  type OpsSettingGroup,
} from '@sapa/contracts';
import { PICKER_DATE_FORMAT } from '../../../lib/datePickers';
import { formatDate } from '../../../lib/datetime';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { opsApi, useAccountAction } from '../api';
import { OPS_NS, OPS_ZONE } from '../opsI18n';

const GROUPS: OpsSettingGroup[] = ['prices', 'limits', 'features', 'plan'];
/** i18next reads dots as nesting; the keys' own dots become underscores in the locale files. */
const labelKey = (key: string) => key.replace(/\./g, '_');

/** The account's platform keys: empty means the platform default; only changed keys are sent. */
export function SettingsTab({ detail }: { detail: OpsAccountDetail }) {
  const { t } = useTranslation(OPS_NS);
  const initial = useMemo(
    () => Object.fromEntries(detail.settings.map((s) => [s.key, s.stored ?? ''])),
    [detail.settings],
  );
  const effective = useMemo(
    () => Object.fromEntries(detail.settings.map((s) => [s.key, s.effective])),
    [detail.settings],
  );
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = OPS_SETTINGS.filter((s) => (values[s.key] ?? '') !== (initial[s.key] ?? ''));
  const action = useAccountAction(detail.account.id, () =>
    opsApi.setSettings(
      detail.account.id,
      changed.map((s) => ({ key: s.key, value: values[s.key] || null })),
    ),
  );

  const save = () => {
    const found: Record<string, string> = {};
    for (const s of changed) {
      const checked = checkOpsSetting(s.key, values[s.key] || null);
      if (checked.error) found[s.key] = checked.error;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    action.mutate(undefined, {
      onSuccess: () => notifySuccess(t('settings.saved', { count: changed.length })),
      onError: (err) => notifyError(errorText(err)),
    });
  };

  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <Stack gap="lg">
      {GROUPS.map((group) => (
        <Card key={group} withBorder radius="md" p="lg">
          <Title order={4} mb={4}>
            {t(`settings.groups.${group}`)}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t(`settings.groupHints.${group}`)}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            {OPS_SETTINGS.filter((s) => s.group === group).map((def) => (
              <SettingField
                key={def.key}
                def={def}
                value={values[def.key] ?? ''}
                fallback={initial[def.key] ? null : (effective[def.key] ?? null)}
                error={errors[def.key]}
                onChange={(v) => set(def.key, v)}
              />
            ))}
          </SimpleGrid>
        </Card>
      ))}
      <Card withBorder radius="md" p="md" style={{ position: 'sticky', bottom: 8, zIndex: 2 }}>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {changed.length
              ? t('settings.changed', { count: changed.length })
              : t('settings.unchanged')}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              disabled={!changed.length}
              onClick={() => {
                setValues(initial);
                setErrors({});
              }}
            >
              {t('settings.discard')}
            </Button>
            <Button
              disabled={!changed.length}
              loading={action.isPending}
              onClick={save}
              data-testid="ops-settings-save"
            >
              {t('settings.save')}
            </Button>
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}

function SettingField(props: {
  def: OpsSettingDef;
  value: string;
  /** The platform default in force while the field is empty. */
  fallback: string | null;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation(OPS_NS);
  const { def, value, onChange, error } = props;
  const label = t(`settings.keys.${labelKey(def.key)}`);
  const shown =
    def.form === 'date' && props.fallback
      ? formatDate(props.fallback, { timeZone: OPS_ZONE })
      : props.fallback;
  const description =
    props.fallback !== null && value === ''
      ? t('settings.usingDefault', { value: shown })
      : def.key;
  const common = { label, description, error, 'data-testid': `ops-setting-${def.key}` };
  switch (def.form) {
    case 'boolean':
      return (
        <Switch
          {...common}
          checked={(value || props.fallback) === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'gateway':
      return (
        <Select
          {...common}
          clearable
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          data={PAYMENT_GATEWAYS.map((g) => ({ value: g, label: g }))}
          placeholder={props.fallback ?? undefined}
        />
      );
    case 'date':
      return (
        <DatePickerInput
          {...common}
          clearable
          valueFormat={PICKER_DATE_FORMAT}
          value={value ? value.slice(0, 10) : null}
          onChange={(next) => onChange(next ?? '')}
          placeholder={props.fallback ? props.fallback.slice(0, 10) : undefined}
        />
      );
    case 'topupPrices':
    case 'billPrices':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          ff="monospace"
          value={value}
          placeholder={
            props.fallback ?? (def.form === 'billPrices' ? '{"growth":{"monthly":699000}}' : '')
          }
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <NumberInput
          {...common}
          value={value}
          onChange={(v) => onChange(v === '' ? '' : String(v))}
          placeholder={props.fallback ?? undefined}
          min={0}
          allowNegative={false}
          allowDecimal={def.form === 'percent'}
          decimalScale={def.form === 'percent' ? 2 : 0}
          thousandSeparator={def.form === 'rupiah' ? '.' : undefined}
          decimalSeparator={def.form === 'rupiah' ? ',' : '.'}
          prefix={def.form === 'rupiah' ? 'Rp ' : undefined}
          suffix={
            def.form === 'percent'
              ? ' %'
              : def.form === 'days'
                ? ` ${t('settings.daysUnit')}`
                : undefined
          }
        />
      );
  }
}
