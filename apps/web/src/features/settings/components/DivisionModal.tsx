import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { divisionBodySchema, type Division } from '@sapa/contracts';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../../shared/forms';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {division ? t('divisions.editTitle') : t('divisions.createTitle')}
        </Text>
      }
      radius="lg"
      centered
    >
      <DivisionForm key={division?._id ?? 'new'} division={division} onClose={onClose} />
    </Modal>
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
      const fieldErrors = issuesToFieldErrors(error, ['name', 'description']);
      // A duplicate name is a 409 about the name.
      if (httpStatus(error) === 409) fieldErrors.name = errorText(error);
      form.setErrors(fieldErrors);
      notifyError(errorText(error));
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
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="division-submit">
            {t('divisions.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
