import {
  Divider,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { contactBodySchema, type Contact, type ContactAttribute } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { PICKER_DATE_FORMAT } from '../../lib/datePickers';
import { notifySuccess } from '../../lib/notify';
import { useLabels } from '../labels/api';
import { zodValidator } from '../shared/forms';
import { FormActions, FormModal } from '../shared/FormModal';
import { saveErrors } from '../shared/saveErrors';
import { useContactAttributes, useSaveContact, type ContactBody } from './api';

const check = zodValidator<ContactBody>(contactBodySchema);
const FIELDS = ['name', 'phone', 'email', 'notes', 'labels'] as const;

interface ContactFormModalProps {
  opened: boolean;
  /** null creates a contact. */
  contact: Contact | null;
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
}

export function ContactFormModal({ opened, contact, onClose, onSaved }: ContactFormModalProps) {
  const { t } = useTranslation('contacts');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={contact ? t('form.editTitle') : t('form.createTitle')}
      size="lg"
    >
      <ContactForm
        key={contact?._id ?? 'new'}
        contact={contact}
        onClose={onClose}
        {...(onSaved ? { onSaved } : {})}
      />
    </FormModal>
  );
}

function initialValues(contact: Contact | null): ContactBody {
  return {
    name: contact?.name ?? '',
    // Shown with the leading zero people type; the server stores the canonical form.
    phone: contact?.phone ? `0${contact.phone}` : '',
    email: contact?.email ?? '',
    notes: contact?.notes ?? '',
    attributes: { ...(contact?.attributes ?? {}) },
    labels: [...(contact?.labels ?? [])],
  };
}

export function ContactForm({ contact, onClose, onSaved }: Omit<ContactFormModalProps, 'opened'>) {
  const { t } = useTranslation('contacts');
  const save = useSaveContact();
  const labels = useLabels();
  const attributes = useContactAttributes();
  const form = useForm<ContactBody>({ initialValues: initialValues(contact), validate: check });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: contact?._id ?? null, body: values });
      notifySuccess(contact ? t('form.updated') : t('form.created'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const attributeFields = (attributes.data ?? []).map((a) => `attributes.${a.key}`);
      form.setErrors(
        saveErrors(error, { fields: [...FIELDS, ...attributeFields], conflictField: 'phone' }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="contact-form">
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          required
          maxLength={120}
          data-autofocus
          data-testid="contact-form-name"
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('form.phone')}
            placeholder={t('form.phonePlaceholder')}
            description={t('form.phoneHint')}
            inputMode="tel"
            maxLength={32}
            data-testid="contact-form-phone"
            {...form.getInputProps('phone')}
          />
          <TextInput
            label={t('form.email')}
            placeholder={t('form.emailPlaceholder')}
            type="email"
            maxLength={254}
            // Aligns with the phone field, which has a description line.
            description=" "
            data-testid="contact-form-email"
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('form.labels')}
          placeholder={form.values.labels.length ? undefined : t('form.labelsPlaceholder')}
          data={(labels.data?.data ?? []).map((l) => ({ value: l._id, label: l.label }))}
          searchable
          clearable
          maxValues={20}
          data-testid="contact-form-labels"
          {...form.getInputProps('labels')}
        />
        <Textarea
          label={t('form.notes')}
          placeholder={t('form.notesPlaceholder')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          data-testid="contact-form-notes"
          {...form.getInputProps('notes')}
        />
        {(attributes.data?.length ?? 0) > 0 && (
          <>
            <Divider label={t('form.attributes')} labelPosition="left" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {(attributes.data ?? []).map((attribute) => (
                <AttributeInput
                  key={attribute._id}
                  attribute={attribute}
                  {...form.getInputProps(`attributes.${attribute.key}`)}
                  value={form.values.attributes[attribute.key] ?? ''}
                  onChange={(value: string) =>
                    form.setFieldValue(`attributes.${attribute.key}`, value)
                  }
                />
              ))}
            </SimpleGrid>
          </>
        )}
        <FormActions
          cancelLabel={t('actions.cancel')}
          submitLabel={contact ? t('actions.save') : t('actions.create')}
          pending={save.isPending}
          onCancel={onClose}
          submitTestId="contact-form-save"
        />
      </Stack>
    </form>
  );
}

/** One custom attribute, typed by its definition; every value is stored as text. */
function AttributeInput({
  attribute,
  value,
  onChange,
  error,
}: {
  attribute: ContactAttribute;
  value: string;
  onChange: (value: string) => void;
  error?: unknown;
}) {
  const { t } = useTranslation('contacts');
  const common = {
    label: attribute.label,
    error: typeof error === 'string' ? error : undefined,
    'data-testid': `contact-attr-${attribute.key}`,
  };
  if (attribute.type === 'boolean') {
    return (
      <Select
        {...common}
        clearable
        data={[
          { value: 'true', label: t('form.yes') },
          { value: 'false', label: t('form.no') },
        ]}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
      />
    );
  }
  if (attribute.type === 'date') {
    // Stored as "YYYY-MM-DD"; shown as "25 Nov 2026" in the UI language, as everywhere else.
    return (
      <DatePickerInput
        {...common}
        clearable
        valueFormat={PICKER_DATE_FORMAT}
        value={value || null}
        onChange={(next) => onChange(next ?? '')}
      />
    );
  }
  return (
    <TextInput
      {...common}
      inputMode={attribute.type === 'number' ? 'decimal' : undefined}
      maxLength={500}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
