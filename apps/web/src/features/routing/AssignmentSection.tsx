import { useState } from 'react';
import { Button, Divider, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HandoverSettings } from '@sapa/contracts';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorText } from '../shared/forms';
import { SectionCard } from '../shared/SectionCard';
import { useFallbackCandidates, useSaveHandover } from './api';
import { handoverPayload } from './routingForm';

const SWITCHES = [
  'currentAutoAssign',
  'isRouteDivision',
  'allowOfflineAssignment',
  'autoHandoverIfOnline',
] as const;

interface Props {
  initial: HandoverSettings;
  canEdit: boolean;
}

/** Who gets a new chat: `POST /settings/handover` with only what changed. */
export function AssignmentSection({ initial, canEdit }: Props) {
  const { t } = useTranslation('routing');
  const [values, setValues] = useState<HandoverSettings>(initial);
  const save = useSaveHandover();
  const candidates = useFallbackCandidates();
  const changes = handoverPayload(values, initial);
  const dirty = Object.keys(changes).length > 0;
  const options = (candidates.data ?? [])
    .filter((u) => u.status === 'active' || u._id === values.fallbackAgent)
    .map((u) => ({ value: u._id, label: `${u.name} · ${t(`roles.${u.role}`)}` }));

  const submit = async () => {
    try {
      const next = await save.mutateAsync(changes);
      setValues(next);
      notifySuccess(t('assignment.saved'));
    } catch (error) {
      notifyError(errorText(error));
    }
  };

  return (
    <SectionCard
      title={t('assignment.title')}
      description={t('assignment.description')}
      testId="routing-assignment"
    >
      <Stack gap="md">
        {SWITCHES.map((key) => (
          <Switch
            key={key}
            label={t(`assignment.${key}.label`)}
            description={t(`assignment.${key}.hint`)}
            checked={values[key]}
            disabled={!canEdit}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setValues((v) => ({ ...v, [key]: checked }));
            }}
            data-testid={`routing-${key}`}
          />
        ))}
        <Divider />
        <Select
          label={t('assignment.fallbackAgent.label')}
          description={t('assignment.fallbackAgent.hint')}
          placeholder={t('assignment.fallbackAgent.none')}
          data={options}
          searchable
          clearable
          disabled={!canEdit || candidates.isError}
          nothingFoundMessage={t('assignment.fallbackAgent.empty')}
          value={values.fallbackAgent}
          onChange={(value) => setValues((v) => ({ ...v, fallbackAgent: value }))}
          data-testid="routing-fallbackAgent"
        />
        {candidates.isError && (
          <Text size="xs" c="red">
            {t('loadFailed')}
          </Text>
        )}
        {canEdit && (
          <Group justify="flex-end">
            <Button
              onClick={() => void submit()}
              loading={save.isPending}
              disabled={!dirty}
              data-testid="routing-assignment-save"
            >
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
