import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { divisionBodySchema, type Division } from '@sapa/contracts';
import { notifySuccess } from '../../../lib/notify';
import { zodValidator } from '../../shared/forms';
import { FormActions, FormModal } from '../../shared/FormModal';
import { saveErrors } from '../../shared/saveErrors';
import { useSaveDivision, type DivisionBody } from '../api';

const check = zodValidator<DivisionBody>(divisionBodySchema);

interface DivisionModalProps {
  opened: boolean;
  /** null creates a division. */
  division: Division | null;
  onClose: () => void;
}

export function DivisionModal({ opened, division, onClose }: DivisionModalProps) {
  const { t } = useTranslation('settings');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={division ? t('divisions.editTitle') : t('divisions.createTitle')}
    >
      <DivisionForm key={division?._id ?? 'new'} division={division} onClose={onClose} />
    </FormModal>
  );
}

function DivisionForm({ division, onClose }: Omit<DivisionModalProps, 'opened'>) {
  const { t } = useTranslation('settings');
  const save = useSaveDivision();
  const form = useForm<DivisionBody>({
    initialValues: { name: division?.name ?? '', description: division?.description ?? '' },
    validate: check,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: division?._id ?? null,
        body: { name: values.name.trim(), description: values.description.trim() },
      });
      notifySuccess(division ? t('divisions.updated') : t('divisions.created'));
      onClose();
    } catch (error) {
      form.setErrors(saveErrors(error, { fields: ['name', 'description'], conflictField: 'name' }));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('divisions.name')}
          placeholder={t('divisions.namePlaceholder')}
          withAsterisk
          data-autofocus
          data-testid="division-name"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('divisions.description')}
          placeholder={t('divisions.descriptionPlaceholder')}
          autosize
          minRows={2}
          maxRows={5}
          data-testid="division-description"
          {...form.getInputProps('description')}
        />
        <FormActions
          cancelLabel={t('actions.cancel')}
          submitLabel={t('divisions.submit')}
          pending={save.isPending}
          onCancel={onClose}
          submitTestId="division-submit"
        />
      </Stack>
    </form>
  );
}
