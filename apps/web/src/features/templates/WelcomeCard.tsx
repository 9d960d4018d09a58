import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconMessageCircleBolt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { useAcceptedTemplates, useSetWelcome, useWelcome } from './api';
import { notifyTemplateFailure } from './publishFlow';

const NONE = 'none';

/** hsm/welcome: which accepted template opens conversations (one per account). */
export function WelcomeCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('templates');
  const welcome = useWelcome();
  const accepted = useAcceptedTemplates();
  const set = useSetWelcome();
  const current = welcome.data?._id ?? NONE;
  const [choice, setChoice] = useState<string | null>(null);
  const value = choice ?? current;

  const save = async () => {
    try {
      await set.mutateAsync(value === NONE ? null : value);
      setChoice(null);
      notifySuccess(t('welcome.saved'));
    } catch (error) {
      notifyTemplateFailure(error);
    }
  };

  const options = [
    { value: NONE, label: t('welcome.none') },
    ...(accepted.data ?? []).map((tpl) => ({
      value: tpl._id,
      label: `${tpl.name} (${tpl.language})`,
    })),
  ];

  return (
    <Card withBorder radius="lg" p="md" data-testid="template-welcome">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Group gap={6}>
            <IconMessageCircleBolt size={18} />
            <Text fw={650} size="sm">
              {t('welcome.title')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {accepted.data?.length === 0 ? t('welcome.noAccepted') : t('welcome.text')}
          </Text>
        </Stack>
        <Select
          style={{ flex: '1 1 220px', maxWidth: 320 }}
          data={options}
          value={value}
          allowDeselect={false}
          placeholder={t('welcome.placeholder')}
          disabled={!canManage || welcome.isPending}
          onChange={(v) => setChoice(v)}
          data-testid="template-welcome-select"
          aria-label={t('welcome.title')}
        />
        {canManage && (
          <Button
            variant="light"
            onClick={() => void save()}
            loading={set.isPending}
            disabled={value === current}
          >
            {t('welcome.save')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
