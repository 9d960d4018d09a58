import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CONTACT_ATTRIBUTE_TYPES,
  contactAttributeBodySchema,
  type ContactAttribute,
} from '@sapa/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../inbox/actions/ConfirmDialog';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../shared/forms';
import {
  useContactAttributes,
  useDeleteAttribute,
  useSaveAttribute,
  type AttributeBody,
} from './api';

const check = zodValidator<AttributeBody>(contactAttributeBodySchema);
const EMPTY: AttributeBody = { key: '', label: '', type: 'text' };

/** The account's custom contact fields: key (import/export column), label and type. */
export function AttributesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const attributes = useContactAttributes();
  const save = useSaveAttribute();
  const remove = useDeleteAttribute();
  const [editing, setEditing] = useState<ContactAttribute | null>(null);
  const form = useForm<AttributeBody>({ initialValues: EMPTY, validate: check });

  const startEdit = (attribute: ContactAttribute) => {
    setEditing(attribute);
    form.setValues({ key: attribute.key, label: attribute.label, type: attribute.type });
    form.clearErrors();
  };
  const reset = () => {
    setEditing(null);
    form.setValues(EMPTY);
    form.clearErrors();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: editing?._id ?? null, body: values });
      notifySuccess(editing ? t('attributes.updated') : t('attributes.created'));
      reset();
    } catch (error) {
      const fieldErrors = issuesToFieldErrors(error, ['key', 'label', 'type']);
      // A conflict means the key is already used.
      if (httpStatus(error) === 409) fieldErrors.key = errorText(error);
      form.setErrors(fieldErrors);
      notifyError(errorText(error));
    }
  });

  const [dropping, setDropping] = useState<ContactAttribute | null>(null);
  const drop = async () => {
    if (!dropping) return;
    try {
      await remove.mutateAsync(dropping._id);
      if (editing?._id === dropping._id) reset();
      notifySuccess(t('attributes.deleted'));
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setDropping(null);
    }
  };

  const typeOptions = CONTACT_ATTRIBUTE_TYPES.map((type) => ({
    value: type,
    label: t(`attributes.types.${type}`),
  }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={650} size="lg">
          {t('attributes.title')}
        </Text>
      }
      radius="lg"
      size="lg"
      centered
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('attributes.text')}
        </Text>
        <Stack gap="xs" data-testid="attribute-list">
          {(attributes.data ?? []).length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="sm">
              {t('attributes.empty')}
            </Text>
          )}
          {(attributes.data ?? []).map((attribute) => (
            <Paper key={attribute._id} withBorder radius="md" px="md" py="xs">
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {attribute.label}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {attribute.key}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <Badge variant="light" color="gray" tt="none">
                    {t(`attributes.types.${attribute.type}`)}
                  </Badge>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('actions.edit')}
                    onClick={() => startEdit(attribute)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('actions.delete')}
                    onClick={() => setDropping(attribute)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
        <form onSubmit={submit} noValidate>
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
            <Stack gap="sm">
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={t('attributes.label')}
                  placeholder={t('attributes.labelPlaceholder')}
                  required
                  maxLength={60}
                  data-testid="attribute-label"
                  {...form.getInputProps('label')}
                />
                <TextInput
                  label={t('attributes.key')}
                  placeholder={t('attributes.keyPlaceholder')}
                  required
                  maxLength={40}
                  // The key names stored values and file columns; it cannot change later.
                  disabled={editing !== null}
                  ff="monospace"
                  data-testid="attribute-key"
                  {...form.getInputProps('key')}
                />
                <Select
                  label={t('attributes.type')}
                  data={typeOptions}
                  allowDeselect={false}
                  data-testid="attribute-type"
                  {...form.getInputProps('type')}
                />
              </Group>
              <Group justify="flex-end" gap="xs">
                {editing && (
                  <Button variant="default" onClick={reset}>
                    {t('actions.cancel')}
                  </Button>
                )}
                <Button type="submit" loading={save.isPending} data-testid="attribute-save">
                  {editing ? t('actions.save') : t('attributes.add')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </form>
      </Stack>
      <ConfirmDialog
        request={
          dropping
            ? {
                title: t('attributes.deleteTitle'),
                message: t('attributes.deleteConfirm', { label: dropping.label }),
                confirmLabel: t('actions.delete'),
                color: 'red',
              }
            : null
        }
        loading={remove.isPending}
        onConfirm={() => void drop()}
        onCancel={() => setDropping(null)}
      />
    </Modal>
  );
}
