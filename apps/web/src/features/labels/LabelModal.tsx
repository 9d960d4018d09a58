import { Badge, ColorInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { labelBodySchema, type Label } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { zodValidator } from '../shared/forms';
import { FormActions, FormModal } from '../shared/FormModal';
import { saveErrors } from '../shared/saveErrors';
import { LABEL_SWATCHES, useSaveLabel, type LabelBody } from './mutations';

const check = zodValidator<LabelBody>(labelBodySchema);

interface LabelModalProps {
  opened: boolean;
  /** null creates a label. */
  label: Label | null;
  /** Colour offered for a new label. */
  suggestedColor: string;
  onClose: () => void;
}

export function LabelModal({ opened, label, suggestedColor, onClose }: LabelModalProps) {
  const { t } = useTranslation('settings');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={label ? t('labels.editTitle') : t('labels.createTitle')}
    >
      <LabelForm
        key={label?._id ?? 'new'}
        label={label}
        suggestedColor={suggestedColor}
        onClose={onClose}
      />
    </FormModal>
  );
}

function LabelForm({ label, suggestedColor, onClose }: Omit<LabelModalProps, 'opened'>) {
  const { t } = useTranslation('settings');
  const save = useSaveLabel();
  const form = useForm<LabelBody>({
    initialValues: { label: label?.label ?? '', color: label?.color ?? suggestedColor },
    validate: check,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: label?._id ?? null,
        body: { label: values.label.trim(), color: values.color.toLowerCase() },
      });
      notifySuccess(label ? t('labels.updated') : t('labels.created'));
      onClose();
    } catch (error) {
      form.setErrors(saveErrors(error, { fields: ['label', 'color'], conflictField: 'label' }));
    }
  });

  const preview = form.values.label.trim() || t('labels.previewName');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('labels.name')}
          placeholder={t('labels.namePlaceholder')}
          required
          maxLength={60}
          data-autofocus
          data-testid="label-name"
          {...form.getInputProps('label')}
        />
        <ColorInput
          label={t('labels.color')}
          format="hex"
          swatches={[...LABEL_SWATCHES]}
          swatchesPerRow={7}
          withEyeDropper={false}
          disallowInput={false}
          data-testid="label-color"
          {...form.getInputProps('color')}
        />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('labels.preview')}
          </Text>
          <Badge
            variant="light"
            color={/^#[0-9a-f]{6}$/i.test(form.values.color) ? form.values.color : 'gray'}
            radius="sm"
          >
            {preview}
          </Badge>
        </Group>
        <FormActions
          cancelLabel={t('actions.cancel')}
          submitLabel={label ? t('actions.save') : t('labels.create')}
          pending={save.isPending}
          onCancel={onClose}
          submitTestId="label-save"
        />
      </Stack>
    </form>
  );
}
