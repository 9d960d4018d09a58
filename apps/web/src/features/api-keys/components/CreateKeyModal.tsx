import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_NAME_MAX,
  SCOPE_LABELS,
  SCOPES,
  type CreatedApiKey,
  type Scope,
} from '@sapa/contracts';
import { notifyError } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { useCreateApiKey } from '../api';
import { EXPIRY_CHOICES, expiryFrom, scopeGroups, type ExpiryChoice } from '../examples';

interface Values {
  name: string;
  scopes: Scope[];
  expiry: ExpiryChoice;
}

/** Names a key, picks its scopes and expiry; then shows the key this one time. */
export function CreateKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('apiKeys');
  const lang = i18n.language === 'id' ? 'id' : 'en';
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<Values>({
    initialValues: {
      name: '',
      scopes: ['messages:send', 'messages:read', 'chats:read'],
      expiry: 'never',
    },
    validate: {
      name: (v) => (v.trim() ? null : t('create.name')),
      scopes: (v) => (v.length ? null : t('create.scopesRequired')),
    },
  });

  const close = () => {
    setCreated(null);
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const key = await create.mutateAsync({
        name: values.name.trim(),
        scopes: values.scopes,
        expiresAt: expiryFrom(values.expiry, new Date()),
      });
      setCreated(key);
    } catch (error) {
      notifyError(errorText(error));
    }
  });

  if (created)
    return (
      <Modal
        opened={opened}
        onClose={close}
        title={t('created.title')}
        centered
        radius="lg"
        size="lg"
      >
        <Stack gap="md" data-testid="api-key-created">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            {t('created.warning')}
          </Alert>
          <Code
            block
            data-testid="api-key-secret"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', fontSize: 13 }}
          >
            {created.key}
          </Code>
          <Group justify="space-between">
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  data-testid="api-key-copy"
                >
                  {copied ? t('created.copied') : t('created.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close} data-testid="api-key-done">
              {t('created.done')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );

  const toggle = (scopes: Scope[], on: boolean) =>
    form.setFieldValue(
      'scopes',
      SCOPES.filter((s) => (scopes.includes(s) ? on : form.values.scopes.includes(s))),
    );

  return (
    <Modal opened={opened} onClose={close} title={t('create.title')} centered radius="lg" size="lg">
      <form onSubmit={submit} noValidate data-testid="api-key-form">
        <Stack gap="md">
          <TextInput
            label={t('create.name')}
            description={t('create.nameHint')}
            placeholder={t('create.namePlaceholder')}
            maxLength={API_KEY_NAME_MAX}
            withAsterisk
            data-autofocus
            data-testid="api-key-name"
            {...form.getInputProps('name')}
          />
          <div>
            <Group justify="space-between" align="flex-end" mb={4}>
              <div>
                <Text fw={500} size="sm">
                  {t('create.scopes')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('create.scopesHint')}
                </Text>
              </div>
              <Group gap={4}>
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  onClick={() => toggle([...SCOPES], true)}
                >
                  {t('create.all')}
                </Anchor>
                <Text size="xs" c="dimmed">
                  ·
                </Text>
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  onClick={() => toggle([...SCOPES], false)}
                >
                  {t('create.none')}
                </Anchor>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
              {scopeGroups().map((group) => (
                <Stack key={group.resource} gap={6}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                    {t(`create.groups.${group.resource}`)}
                  </Text>
                  {group.scopes.map((scope) => (
                    <Checkbox
                      key={scope}
                      checked={form.values.scopes.includes(scope)}
                      onChange={(event) => toggle([scope], event.currentTarget.checked)}
                      label={SCOPE_LABELS[scope][lang]}
                      description={scope}
                      data-testid={`scope-${scope}`}
                    />
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
            {form.errors.scopes && (
              <Text size="xs" c="red" mt={6}>
                {form.errors.scopes}
              </Text>
            )}
          </div>
          <Select
            label={t('create.expiry')}
            data={EXPIRY_CHOICES.map((c) => ({ value: c, label: t(`create.expiryChoices.${c}`) }))}
            allowDeselect={false}
            data-testid="api-key-expiry"
            {...form.getInputProps('expiry')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="api-key-submit">
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
