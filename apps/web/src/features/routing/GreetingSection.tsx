import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GREETING_DIVISIONS_MAX, GREETING_TEXT_MAX, type Greeting } from '@sapa/contracts';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDivisions } from '../settings/api';
import { errorText } from '../shared/forms';
import { SectionCard } from '../shared/SectionCard';
import { useDeleteGreeting, useSaveGreeting } from './api';
import {
  greetingPayload,
  greetingPreview,
  moveItem,
  validateGreeting,
  type GreetingValues,
} from './routingForm';

interface Props {
  greeting: Greeting | null;
  /** `bo.enableGreetingAssignment`: set by the platform for the account, read-only here. */
  enabled: boolean;
  canEdit: boolean;
}

function valuesOf(greeting: Greeting | null): GreetingValues {
  return { text: greeting?.text ?? '', divisionIds: greeting?.divisions.map((d) => d._id) ?? [] };
}

/** The greeting a new customer gets, listing divisions to choose from, with a live preview. */
export function GreetingSection({ greeting, enabled, canEdit }: Props) {
  const { t } = useTranslation('routing');
  const [values, setValues] = useState<GreetingValues>(() => valuesOf(greeting));
  const [showErrors, setShowErrors] = useState(false);
  const divisions = useDivisions();
  const save = useSaveGreeting();
  const remove = useDeleteGreeting();
  const names = useMemo(() => {
    const map = new Map((divisions.data ?? []).map((d) => [d._id, d.name]));
    // A greeting's own names cover divisions the list has not loaded yet.
    for (const d of greeting?.divisions ?? []) if (!map.has(d._id)) map.set(d._id, d.name);
    return map;
  }, [divisions.data, greeting]);
  const errors = validateGreeting(values);
  const errorOf = (key: string) => (showErrors && errors[key] ? t(errors[key]) : undefined);
  const available = (divisions.data ?? [])
    .filter((d) => !values.divisionIds.includes(d._id))
    .map((d) => ({ value: d._id, label: d.name }));
  const preview = greetingPreview(values, names);

  const submit = async () => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    try {
      const next = await save.mutateAsync(greetingPayload(values));
      setValues(valuesOf(next));
      setShowErrors(false);
      notifySuccess(t('greeting.saved'));
    } catch (error) {
      notifyError(errorText(error));
    }
  };

  const clear = async () => {
    try {
      await remove.mutateAsync();
      setValues(valuesOf(null));
      setShowErrors(false);
      notifySuccess(t('greeting.deleted'));
    } catch (error) {
      notifyError(errorText(error));
    }
  };

  return (
    <SectionCard
      title={t('greeting.title')}
      description={t('greeting.description')}
      testId="routing-greeting"
    >
      <Stack gap="md">
        <Switch
          label={t('greeting.enabled.label')}
          description={t(enabled ? 'greeting.enabled.on' : 'greeting.enabled.off')}
          checked={enabled}
          readOnly
          disabled
          data-testid="routing-greeting-enabled"
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="md">
            <Textarea
              label={t('greeting.text.label')}
              placeholder={t('greeting.text.placeholder')}
              autosize
              minRows={3}
              maxLength={GREETING_TEXT_MAX}
              value={values.text}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setValues((v) => ({ ...v, text }));
              }}
              error={errorOf('text')}
              disabled={!canEdit}
              data-testid="greeting-text"
            />
            <div>
              <Text size="sm" fw={500}>
                {t('greeting.divisions.label')}
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                {t('greeting.divisions.hint', { max: GREETING_DIVISIONS_MAX })}
              </Text>
              <Stack gap={6} data-testid="greeting-divisions">
                {values.divisionIds.map((id, index) => (
                  <Paper key={id} withBorder px="sm" py={6} data-testid="greeting-division">
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                        <Badge variant="light" circle>
                          {index + 1}
                        </Badge>
                        <Text size="sm" truncate>
                          {names.get(id) ?? '…'}
                        </Text>
                      </Group>
                      {canEdit && (
                        <Group gap={2} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={index === 0}
                            aria-label={t('greeting.divisions.up')}
                            onClick={() =>
                              setValues((v) => ({
                                ...v,
                                divisionIds: moveItem(v.divisionIds, index, -1),
                              }))
                            }
                          >
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={index === values.divisionIds.length - 1}
                            aria-label={t('greeting.divisions.down')}
                            onClick={() =>
                              setValues((v) => ({
                                ...v,
                                divisionIds: moveItem(v.divisionIds, index, 1),
                              }))
                            }
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('greeting.divisions.remove')}
                            onClick={() =>
                              setValues((v) => ({
                                ...v,
                                divisionIds: v.divisionIds.filter((d) => d !== id),
                              }))
                            }
                          >
                            <IconX size={16} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                  </Paper>
                ))}
              </Stack>
              {canEdit && values.divisionIds.length < GREETING_DIVISIONS_MAX && (
                <Select
                  mt="xs"
                  placeholder={t('greeting.divisions.add')}
                  data={available}
                  value={null}
                  searchable
                  nothingFoundMessage={t('greeting.divisions.none')}
                  onChange={(id) => {
                    if (id) setValues((v) => ({ ...v, divisionIds: [...v.divisionIds, id] }));
                  }}
                  error={errorOf('divisionIds')}
                  data-testid="greeting-add-division"
                />
              )}
            </div>
          </Stack>
          <div>
            <Text size="sm" fw={500} mb="xs">
              {t('greeting.preview')}
            </Text>
            <Paper
              p="md"
              radius="lg"
              bg="var(--mantine-color-teal-light)"
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
              data-testid="greeting-preview"
            >
              <Text size="sm">{preview.trim() ? preview : t('greeting.previewEmpty')}</Text>
            </Paper>
            <Text size="xs" c="dimmed" mt="xs">
              {t('greeting.previewHint')}
            </Text>
          </div>
        </SimpleGrid>
        {canEdit && (
          <Group justify="flex-end">
            {greeting && (
              <Button
                variant="default"
                color="red"
                onClick={() => void clear()}
                loading={remove.isPending}
                data-testid="greeting-delete"
              >
                {t('greeting.delete')}
              </Button>
            )}
            <Button
              onClick={() => void submit()}
              loading={save.isPending}
              data-testid="greeting-save"
            >
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
