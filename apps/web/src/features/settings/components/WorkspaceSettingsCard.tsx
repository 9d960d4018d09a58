import { useMemo } from 'react';
import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowsSplit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { SectionCard } from '../../shared/SectionCard';
import { useSaveSettings } from '../api';
import {
  changedSettings,
  timeZoneOptions,
  workspaceValues,
  type WorkspaceValues,
} from '../workspaceSettings';

interface WorkspaceSettingsCardProps {
  settings: Readonly<Record<string, string | null>>;
  canEdit: boolean;
  onSaved: () => Promise<void>;
}

/** The account's time zone, and the way to the routing screen that uses it. */
export function WorkspaceSettingsCard({ settings, canEdit, onSaved }: WorkspaceSettingsCardProps) {
  const { t } = useTranslation('settings');
  const save = useSaveSettings();
  const initial = useMemo(() => workspaceValues(settings), [settings]);
  const form = useForm<WorkspaceValues>({ initialValues: initial });
  const zones = useMemo(() => timeZoneOptions(initial.timezone), [initial.timezone]);
  const changes = changedSettings(form.values, initial);

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
          <Alert variant="light" color="sapa" icon={<IconArrowsSplit size={18} />}>
            <Text size="sm">
              {t('workspace.routingHint')}{' '}
              <Anchor component={Link} to="/setting/routing" size="sm" fw={600}>
                {t('workspace.routingLink')}
              </Anchor>
            </Text>
          </Alert>
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
