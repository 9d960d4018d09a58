import { useMemo } from 'react';
import {
  Button,
  Divider,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { SectionCard } from '../../shared/SectionCard';
import { useSaveSettings, useTeamMembers } from '../api';
import {
  changedSettings,
  invalidTimes,
  timeZoneOptions,
  WORKSPACE_FIELDS,
  workspaceValues,
  type WorkspaceValues,
} from '../workspaceSettings';

interface WorkspaceSettingsCardProps {
  settings: Readonly<Record<string, string | null>>;
  canEdit: boolean;
  onSaved: () => Promise<void>;
}

export function WorkspaceSettingsCard({ settings, canEdit, onSaved }: WorkspaceSettingsCardProps) {
  const { t } = useTranslation('settings');
  const save = useSaveSettings();
  const initial = useMemo(() => workspaceValues(settings), [settings]);
  // The fallback agent is stored as a user id; the list turns it into a name.
  const members = useTeamMembers();
  const form = useForm<WorkspaceValues>({
    initialValues: initial,
    validate: (values) =>
      Object.fromEntries(invalidTimes(values).map((key) => [key, t('workspace.timeInvalid')])),
  });
  const zones = useMemo(() => timeZoneOptions(initial.timezone), [initial.timezone]);
  const changes = changedSettings(form.values, initial);
  const agentOptions = (members.data ?? [])
    .filter((m) => m.status === 'active' || m._id === form.values.fallbackAgent)
    .map((m) => ({ value: m._id, label: `${m.name} · ${t(`roles.${m.role}`)}` }));

  const submit = form.onSubmit(async (values) => {
    const settingsToSave = changedSettings(values, initial);
    if (settingsToSave.length === 0) return;
    try {
      await save.mutateAsync(settingsToSave);
      notifySuccess(t('workspace.saved'));
      form.resetDirty(values);
      await onSaved();
    } catch (error) {
      notifyError(errorText(error));
    }
  });

  return (
    <SectionCard
      title={t('workspace.title')}
      description={canEdit ? t('workspace.description') : t('workspace.readOnly')}
      testId="workspace-settings"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t('workspace.keys.timezone.label')}
            description={t('workspace.keys.timezone.hint')}
            placeholder={t('workspace.timezonePlaceholder')}
            data={zones}
            searchable
            allowDeselect={false}
            disabled={!canEdit}
            data-testid="setting-timezone"
            {...form.getInputProps('timezone')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {WORKSPACE_FIELDS.filter((f) => f.kind === 'time').map((field) => (
              <TextInput
                key={field.key}
                type="time"
                label={t(`workspace.keys.${field.key}.label`)}
                description={t(`workspace.keys.${field.key}.hint`)}
                disabled={!canEdit}
                data-testid={`setting-${field.key}`}
                {...form.getInputProps(field.key)}
              />
            ))}
          </SimpleGrid>
          <Divider />
          {WORKSPACE_FIELDS.filter((f) => f.kind === 'switch').map((field) => (
            <Switch
              key={field.key}
              label={t(`workspace.keys.${field.key}.label`)}
              description={t(`workspace.keys.${field.key}.hint`)}
              checked={form.values[field.key] === 'true'}
              onChange={(event) =>
                form.setFieldValue(field.key, event.currentTarget.checked ? 'true' : 'false')
              }
              disabled={!canEdit}
              data-testid={`setting-${field.key}`}
            />
          ))}
          <Divider />
          <Select
            label={t('workspace.keys.fallbackAgent.label')}
            description={t('workspace.keys.fallbackAgent.hint')}
            placeholder={t('workspace.keys.fallbackAgent.none')}
            data={agentOptions}
            searchable
            clearable
            disabled={!canEdit || members.isError}
            nothingFoundMessage={t('team.empty')}
            value={form.values.fallbackAgent || null}
            onChange={(value) => form.setFieldValue('fallbackAgent', value ?? '')}
            data-testid="setting-fallbackAgent"
          />
          {members.isError && (
            <Text size="xs" c="red">
              {t('loadFailed')}
            </Text>
          )}
          {canEdit && (
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={save.isPending}
                disabled={changes.length === 0}
                data-testid="workspace-submit"
              >
                {t('workspace.submit')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
