import { Badge, Button, ColorInput, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { labelBodySchema, type Label } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../shared/forms';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {label ? t('labels.editTitle') : t('labels.createTitle')}
        </Text>
      }
      radius="lg"
      centered
    >
      <LabelForm
        key={label?._id ?? 'new'}
        label={label}
        suggestedColor={suggestedColor}
        onClose={onClose}
      />
    </Modal>
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
      const fieldErrors = issuesToFieldErrors(error, ['label', 'color']);
      // A duplicate name is a 409 about the name.
      if (httpStatus(error) === 409) fieldErrors.label = errorText(error);
      form.setErrors(fieldErrors);
      notifyError(errorText(error));
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
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="label-save">
            {label ? t('actions.save') : t('labels.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
