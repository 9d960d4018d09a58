import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CHANNEL_TYPES,
  contactGroupBodySchema,
  type ChannelType,
  type ContactGroup,
} from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../shared/forms';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {group ? t('form.editTitle') : t('form.createTitle')}
        </Text>
      }
      radius="lg"
      centered
    >
      <GroupForm
        key={group?._id ?? 'new'}
        group={group}
        onClose={onClose}
        {...(onSaved ? { onSaved } : {})}
      />
    </Modal>
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
      const fieldErrors = issuesToFieldErrors(error, ['name', 'description', 'channel']);
      // A duplicate name is a 409 about the name.
      if (httpStatus(error) === 409) fieldErrors.name = errorText(error);
      form.setErrors(fieldErrors);
      notifyError(errorText(error));
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
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="group-save">
            {group ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
