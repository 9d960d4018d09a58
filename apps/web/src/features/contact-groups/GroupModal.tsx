import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CHANNEL_TYPES,
  contactGroupBodySchema,
  type ChannelType,
  type ContactGroup,
} from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { zodValidator } from '../shared/forms';
import { FormActions, FormModal } from '../shared/FormModal';
import { saveErrors } from '../shared/saveErrors';
import { useSaveGroup, type GroupBody } from './api';

/** The Select's value for "any channel" (Mantine's Select has no null option). */
const ANY = 'any';

interface FormValues {
  name: string;
  description: string;
  channel: string;
}

const check = zodValidator<GroupBody>(contactGroupBodySchema);

const toBody = (values: FormValues): GroupBody => ({
  name: values.name.trim(),
  description: values.description.trim(),
  channel: values.channel === ANY ? null : (values.channel as ChannelType),
});

interface GroupModalProps {
  opened: boolean;
  /** null creates a group. */
  group: ContactGroup | null;
  onClose: () => void;
  onSaved?: (group: ContactGroup) => void;
}

export function GroupModal({ opened, group, onClose, onSaved }: GroupModalProps) {
  const { t } = useTranslation('contactGroups');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={group ? t('form.editTitle') : t('form.createTitle')}
    >
      <GroupForm
        key={group?._id ?? 'new'}
        group={group}
        onClose={onClose}
        {...(onSaved ? { onSaved } : {})}
      />
    </FormModal>
  );
}

function GroupForm({ group, onClose, onSaved }: Omit<GroupModalProps, 'opened'>) {
  const { t } = useTranslation('contactGroups');
  const save = useSaveGroup();
  const form = useForm<FormValues>({
    initialValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      channel: group?.channel ?? ANY,
    },
    validate: (values) => check(toBody(values)),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: group?._id ?? null, body: toBody(values) });
      notifySuccess(group ? t('form.updated') : t('form.created'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      form.setErrors(
        saveErrors(error, { fields: ['name', 'description', 'channel'], conflictField: 'name' }),
      );
    }
  });

  const channelOptions = [
    { value: ANY, label: t('anyChannel') },
    ...CHANNEL_TYPES.map((c) => ({ value: c, label: t(`channels.${c}`) })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          placeholder={t('form.namePlaceholder')}
          required
          maxLength={60}
          data-autofocus
          data-testid="group-name"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('form.description')}
          placeholder={t('form.descriptionPlaceholder')}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={512}
          data-testid="group-description"
          {...form.getInputProps('description')}
        />
        <Select
          label={t('form.channel')}
          description={t('form.channelHelp')}
          data={channelOptions}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="group-channel"
          {...form.getInputProps('channel')}
        />
        <FormActions
          cancelLabel={t('form.cancel')}
          submitLabel={group ? t('form.save') : t('form.create')}
          pending={save.isPending}
          onCancel={onClose}
          submitTestId="group-save"
        />
      </Stack>
    </form>
  );
}
