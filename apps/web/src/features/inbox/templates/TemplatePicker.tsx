import { useState } from 'react';
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { templateInputs, type Template } from '@sapa/contracts';
import { IconSearch, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './templates.module.css';

/** Filled-value count shown on a list row: body values plus the header's value or link. */
function inputCount(template: Template): number {
  const need = templateInputs(template);
  return need.bodyParams.length + (need.headerParam ? 1 : 0) + (need.headerMedia ? 1 : 0);
}

export function matchesSearch(template: Pick<Template, 'name' | 'content'>, search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  // Agents remember a template by its words as often as by its name: match both.
  return template.name.toLowerCase().includes(q) || template.content.toLowerCase().includes(q);
}

/**
 * The account's welcome template (`hsm/welcome`, the one chosen to open conversations) comes
 * first: reopening a closed conversation is what it was picked for. The rest keep their order.
 */
export function pickerOrder<T extends Pick<Template, 'isWelcome'>>(templates: T[]): T[] {
  return [...templates.filter((t) => t.isWelcome), ...templates.filter((t) => !t.isWelcome)];
}

interface TemplatePickerProps {
  templates: Template[] | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  onPick: (template: Template) => void;
  /** Managers may create templates; agents are told whom to ask. */
  canManage: boolean;
  onNavigate: () => void;
}

/** The accepted templates of the chat's channel, searchable; or why there are none. */
export function TemplatePicker({
  templates,
  status,
  onRetry,
  onPick,
  canManage,
  onNavigate,
}: TemplatePickerProps) {
  const { t } = useTranslation('inboxTemplates');
  const [search, setSearch] = useState('');

  if (status === 'pending')
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (status === 'error')
    return (
      <Stack align="center" py="lg" gap="sm">
        <Text size="sm" c="dimmed">
          {t('loadFailed')}
        </Text>
        <Button variant="light" size="xs" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    );
  if (!templates?.length)
    return (
      <Stack align="center" ta="center" py="lg" px="md" gap="xs" data-testid="templates-empty">
        <ThemeIcon size={52} radius="xl" variant="light" color="sapa">
          <IconTemplate size={28} stroke={1.5} />
        </ThemeIcon>
        <Text fw={650} mt="xs">
          {t('empty.title')}
        </Text>
        <Text size="sm" c="dimmed" maw={380}>
          {canManage ? t('empty.manager') : t('empty.agent')}
        </Text>
        {canManage && (
          <Button
            component={Link}
            to="/broadcast/template"
            onClick={onNavigate}
            mt="sm"
            data-testid="templates-create"
          >
            {t('empty.create')}
          </Button>
        )}
      </Stack>
    );

  const shown = pickerOrder(templates.filter((tpl) => matchesSearch(tpl, search)));
  return (
    <Stack gap="sm">
      <TextInput
        placeholder={t('search')}
        aria-label={t('search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
        data-testid="templates-search"
      />
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('noMatch', { search: search.trim() })}
        </Text>
      ) : (
        <div className={classes.list} role="list">
          {shown.map((tpl) => {
            const count = inputCount(tpl);
            return (
              <button
                key={tpl._id}
                type="button"
                role="listitem"
                className={classes.item}
                onClick={() => onPick(tpl)}
                data-testid="template-option"
                data-name={tpl.name}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
                  <Text fw={600} size="sm" truncate>
                    {tpl.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    {tpl.isWelcome && (
                      <Badge size="xs" variant="filled" data-testid="template-welcome">
                        {t('welcome')}
                      </Badge>
                    )}
                    <Badge size="xs" variant="light" color="gray">
                      {tpl.language}
                    </Badge>
                    <Badge size="xs" variant="light">
                      {t(`category.${tpl.category}`)}
                    </Badge>
                  </Group>
                </Group>
                <Text size="sm" c="dimmed" className={classes.snippet}>
                  {tpl.content}
                </Text>
                <Text size="xs" c={count ? 'sapa.7' : 'teal.7'} mt={6} fw={500}>
                  {count ? t('values', { count }) : t('noValues')}
                </Text>
              </button>
            );
          })}
        </div>
      )}
    </Stack>
  );
}
