import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { zoneLabel } from '../../lib/datetime';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSaveSettings } from '../settings/api';
import { errorText } from '../shared/forms';
import { SectionCard } from '../shared/SectionCard';
import {
  clockIn,
  hoursPayload,
  MESSAGE_MAX,
  validateHours,
  withinHours,
  type HoursValues,
} from './routingForm';

interface Props {
  initial: HoursValues;
  timeZone: string;
  canEdit: boolean;
  onSaved: () => Promise<void>;
}

/** The account's clock, ticking each half minute so "inside/outside hours" stays true. */
function useClock(timeZone: string): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return clockIn(timeZone, now);
}

/** Working hours, the outside-hours answer and the welcome message (`POST /settings`). */
export function HoursSection({ initial, timeZone, canEdit, onSaved }: Props) {
  const { t } = useTranslation('routing');
  const [values, setValues] = useState<HoursValues>(initial);
  const [saved, setSaved] = useState<HoursValues>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const save = useSaveSettings();
  const clock = useClock(timeZone);
  const errors = validateHours(values);
  const changes = hoursPayload(values, saved);
  const inside = withinHours(clock, values.agentWorkingHourStart, values.agentWorkingHourEnd);
  const errorOf = (key: keyof HoursValues) =>
    showErrors && errors[key] ? t(errors[key]) : undefined;
  const set = <K extends keyof HoursValues>(key: K, value: HoursValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async () => {
    setShowErrors(true);
    if (Object.keys(errors).length > 0 || changes.length === 0) return;
    try {
      await save.mutateAsync(changes);
      setSaved(values);
      setShowErrors(false);
      notifySuccess(t('hours.saved'));
      await onSaved();
    } catch (error) {
      notifyError(errorText(error));
    }
  };

  return (
    <SectionCard
      title={t('hours.title')}
      description={t('hours.description')}
      testId="routing-hours"
    >
      <Stack gap="md">
        {/* The zone and the account's clock now, so "closed" is never a surprise. */}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed" data-testid="routing-timezone" data-timezone={timeZone}>
            {t('hours.timezone', { timeZone: zoneLabel(timeZone) })}
          </Text>
          <Badge variant="light" color={inside ? 'teal' : 'orange'} data-testid="routing-now">
            {t(inside ? 'hours.nowInside' : 'hours.nowOutside', { clock })}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2 }} spacing="md">
          <TimePicker
            label={t('hours.start')}
            format="24h"
            withDropdown
            value={values.agentWorkingHourStart}
            onChange={(value) => set('agentWorkingHourStart', value)}
            error={errorOf('agentWorkingHourStart')}
            disabled={!canEdit}
            hoursInputLabel={t('hours.hoursLabel')}
            minutesInputLabel={t('hours.minutesLabel')}
            data-testid="routing-start"
            hoursInputProps={{ 'data-testid': 'routing-start-hours' }}
            minutesInputProps={{ 'data-testid': 'routing-start-minutes' }}
            hiddenInputProps={{ 'data-testid': 'routing-start-value' }}
          />
          <TimePicker
            label={t('hours.end')}
            format="24h"
            withDropdown
            value={values.agentWorkingHourEnd}
            onChange={(value) => set('agentWorkingHourEnd', value)}
            error={errorOf('agentWorkingHourEnd')}
            disabled={!canEdit}
            hoursInputLabel={t('hours.hoursLabel')}
            minutesInputLabel={t('hours.minutesLabel')}
            data-testid="routing-end"
            hoursInputProps={{ 'data-testid': 'routing-end-hours' }}
            minutesInputProps={{ 'data-testid': 'routing-end-minutes' }}
            hiddenInputProps={{ 'data-testid': 'routing-end-value' }}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('hours.rule')}
        </Text>
        <Divider />
        <Switch
          label={t('hours.responder.label')}
          description={t('hours.responder.hint')}
          checked={values.statusAutoResponder}
          onChange={(e) => set('statusAutoResponder', e.currentTarget.checked)}
          disabled={!canEdit}
          data-testid="routing-statusAutoResponder"
        />
        <Textarea
          label={t('hours.noAgent.label')}
          description={t('hours.noAgent.hint')}
          placeholder={t('hours.noAgent.placeholder')}
          autosize
          minRows={3}
          maxLength={MESSAGE_MAX}
          value={values.noOnlineAgentResMsg}
          onChange={(e) => set('noOnlineAgentResMsg', e.currentTarget.value)}
          error={errorOf('noOnlineAgentResMsg')}
          disabled={!canEdit}
          data-testid="routing-noOnlineAgentResMsg"
        />
        <Textarea
          label={t('hours.welcome.label')}
          description={t('hours.welcome.hint')}
          placeholder={t('hours.welcome.placeholder')}
          autosize
          minRows={3}
          maxLength={MESSAGE_MAX}
          value={values.welcomeMessage}
          onChange={(e) => set('welcomeMessage', e.currentTarget.value)}
          error={errorOf('welcomeMessage')}
          disabled={!canEdit}
          data-testid="routing-welcomeMessage"
        />
        {canEdit && (
          <Group justify="flex-end">
            <Button
              onClick={() => void submit()}
              loading={save.isPending}
              disabled={changes.length === 0}
              data-testid="routing-hours-save"
            >
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
