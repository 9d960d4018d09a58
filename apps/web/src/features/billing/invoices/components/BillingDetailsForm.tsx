import {
  Alert,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { billingProfileBodySchema, type BillingProfile } from '@sapa/contracts';
import { notifySuccess } from '../../../../lib/notify';
import { zodValidator, type FieldErrors } from '../../../shared/forms';
import { saveErrors } from '../../../shared/saveErrors';
import { SectionCard } from '../../../shared/SectionCard';
import { useSaveBillingProfile, type BillingProfileBody } from '../api';

interface DetailsValues {
  companyName: string;
  address: string;
  npwp: string;
  email: string;
  lowBalanceThreshold: number | string;
}

const FIELDS = ['companyName', 'address', 'npwp', 'email', 'lowBalanceThreshold'] as const;
const check = zodValidator<BillingProfileBody>(billingProfileBodySchema);

export function valuesOf(profile: BillingProfile): DetailsValues {
  return {
    companyName: profile.companyName,
    address: profile.address,
    npwp: profile.npwp ?? '',
    email: profile.email ?? '',
    lowBalanceThreshold: profile.lowBalanceThreshold ?? '',
  };
}

/** The form's values as the API takes them; empty optional fields mean "none". */
export function bodyOf(values: DetailsValues): BillingProfileBody {
  const threshold = values.lowBalanceThreshold;
  return {
    companyName: values.companyName,
    address: values.address,
    npwp: values.npwp.trim() === '' ? null : values.npwp,
    email: values.email.trim() === '' ? null : values.email,
    lowBalanceThreshold: threshold === '' ? null : Number(threshold),
  };
}

/** The buyer printed on new invoices; admins edit, supervisors read. */
export function BillingDetailsForm({
  profile,
  canEdit,
}: {
  profile: BillingProfile;
  canEdit: boolean;
}) {
  const { t } = useTranslation('invoices');
  const save = useSaveBillingProfile();
  // The NPWP rule reads better in the form's own words than in the server's English.
  const localize = (errors: FieldErrors): FieldErrors =>
    errors.npwp ? { ...errors, npwp: t('details.npwpInvalid') } : errors;
  const form = useForm<DetailsValues>({
    initialValues: valuesOf(profile),
    validate: (values) => localize(check(bodyOf(values))),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(bodyOf(values));
      notifySuccess(t('details.saved'));
    } catch (error) {
      form.setErrors(localize(saveErrors(error, { fields: FIELDS })));
    }
  });

  return (
    <SectionCard
      title={t('details.title')}
      description={t('details.description')}
      testId="billing-details"
    >
      {!canEdit && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          {t('details.readOnly')}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('details.company')}
            autoComplete="organization"
            required
            disabled={!canEdit}
            data-testid="billing-company"
            {...form.getInputProps('companyName')}
          />
          <Textarea
            label={t('details.address')}
            placeholder={t('details.addressPlaceholder')}
            autoComplete="street-address"
            autosize
            minRows={2}
            maxRows={5}
            disabled={!canEdit}
            data-testid="billing-address"
            {...form.getInputProps('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('details.npwp')}
              description={t('details.npwpHint')}
              inputMode="numeric"
              placeholder="0000 0000 0000 0000"
              disabled={!canEdit}
              data-testid="billing-npwp"
              {...form.getInputProps('npwp')}
            />
            <TextInput
              label={t('details.email')}
              description={t('details.emailHint')}
              type="email"
              autoComplete="email"
              disabled={!canEdit}
              data-testid="billing-email"
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <NumberInput
            label={t('details.threshold')}
            description={t('details.thresholdHint')}
            prefix="Rp "
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            allowNegative={false}
            min={0}
            max={1_000_000_000}
            hideControls
            maw={{ base: '100%', sm: 320 }}
            disabled={!canEdit}
            data-testid="billing-threshold"
            {...form.getInputProps('lowBalanceThreshold')}
          />
          {canEdit && (
            <Group justify="flex-end" mt="xs">
              <Button
                type="submit"
                loading={save.isPending}
                disabled={!form.isDirty()}
                data-testid="billing-save"
              >
                {t('details.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
