import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CloseButton,
  Collapse,
  Group,
  Progress,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCheck,
  IconChevronDown,
  IconChevronUp,
  IconRocket,
} from '@tabler/icons-react';
import type { Onboarding, OnboardingStep } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSetupChecklistView, setSetupChecklistView } from '../../../lib/storage';
import { progressOf, STEP_LINKS } from '../onboarding';
import classes from './setup.module.css';

function StepRow({
  step,
  index,
  done,
  next,
}: {
  step: OnboardingStep;
  index: number;
  done: boolean;
  next: boolean;
}) {
  const { t } = useTranslation('home');
  return (
    <li
      className={classes.step}
      data-testid={`setup-step-${step}`}
      data-done={done || undefined}
      data-next={next || undefined}
    >
      <ThemeIcon
        className={classes.mark}
        radius="xl"
        size={28}
        variant={done ? 'filled' : 'light'}
        color={done ? 'teal' : next ? 'sapa' : 'gray'}
        aria-hidden
      >
        {done ? (
          <IconCheck size={16} stroke={2.5} />
        ) : (
          <Text size="sm" fw={700}>
            {index + 1}
          </Text>
        )}
      </ThemeIcon>
      <div className={classes.text}>
        <Text fw={600} size="sm" c={done ? 'dimmed' : undefined}>
          {t(`setup.steps.${step}.title`)}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`setup.steps.${step}.text`)}
        </Text>
      </div>
      <div className={classes.action}>
        {done ? (
          <Badge variant="light" color="teal" leftSection={<IconCheck size={12} />}>
            {t('setup.done')}
          </Badge>
        ) : (
          <Button
            component={Link}
            to={STEP_LINKS[step]}
            size="xs"
            variant={next ? 'filled' : 'default'}
            rightSection={<IconArrowRight size={14} />}
            data-testid={`setup-action-${step}`}
          >
            {t(`setup.steps.${step}.action`)}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The new business's setup checklist on the dashboard. Each step ticks itself from the server's
 * reading of the account; it folds to its header on request and, once every step is done, can be
 * put away for good on this device.
 */
export function SetupChecklist({
  onboarding,
  accountId,
}: {
  onboarding: Onboarding;
  accountId: string;
}) {
  const { t } = useTranslation('home');
  const [view, setView] = useState(() => getSetupChecklistView(accountId));
  const progress = progressOf(onboarding);
  const remember = (next: typeof view) => {
    setSetupChecklistView(accountId, next);
    setView(next);
  };

  if (progress.complete) {
    if (view === 'dismissed') return null;
    return (
      <Card data-testid="setup-complete">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon radius="xl" size={38} color="teal" aria-hidden>
            <IconCheck size={20} stroke={2.5} />
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={650}>{t('setup.completeTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('setup.completeText')}
            </Text>
          </div>
          <CloseButton
            aria-label={t('setup.dismiss')}
            onClick={() => remember('dismissed')}
            data-testid="setup-dismiss"
          />
        </Group>
      </Card>
    );
  }

  const open = view !== 'collapsed';
  const toggleLabel = open ? t('setup.collapse') : t('setup.expand');
  return (
    <Card className={classes.card} data-testid="setup-checklist">
      <div className={classes.header}>
        <ThemeIcon radius="md" size={42} variant="light" aria-hidden>
          <IconRocket size={22} />
        </ThemeIcon>
        <div className={classes.headerText}>
          <Title order={3} size="h4">
            {t('setup.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={2}>
            {t('setup.subtitle')}
          </Text>
        </div>
        <div className={classes.progress}>
          <Text size="sm" fw={600} data-testid="setup-progress">
            {t('setup.progress', { done: progress.done, total: progress.total })}
          </Text>
          <Progress
            value={(progress.done / progress.total) * 100}
            size="sm"
            w="100%"
            aria-label={t('setup.progress', { done: progress.done, total: progress.total })}
          />
        </div>
        <Tooltip label={toggleLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => remember(open ? 'collapsed' : null)}
            aria-label={toggleLabel}
            aria-expanded={open}
            data-testid="setup-toggle"
          >
            {open ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
          </ActionIcon>
        </Tooltip>
      </div>
      <Collapse in={open}>
        <ol className={classes.steps}>
          {onboarding.steps.map((step, index) => (
            <StepRow
              key={step.key}
              step={step.key}
              index={index}
              done={step.done}
              next={step.key === progress.next}
            />
          ))}
        </ol>
      </Collapse>
    </Card>
  );
}
