import { Anchor, Button, Code, CopyButton, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../shared/SectionCard';
import { curlListChats, curlSendTemplate, curlSendText } from '../examples';

const KEY_PLACEHOLDER = 'sapa_live_…';

/** Copyable first calls against this very server (the browser's origin). */
export function ExamplesCard() {
  const { t } = useTranslation('apiKeys');
  const origin = window.location.origin;
  const examples = [
    { id: 'chats', label: t('examples.listChats'), text: curlListChats(origin, KEY_PLACEHOLDER) },
    { id: 'text', label: t('examples.sendText'), text: curlSendText(origin, KEY_PLACEHOLDER) },
    {
      id: 'template',
      label: t('examples.sendTemplate'),
      text: curlSendTemplate(origin, KEY_PLACEHOLDER),
    },
  ];
  return (
    <SectionCard
      title={t('examples.title')}
      description={t('examples.description')}
      testId="api-examples"
    >
      <Tabs defaultValue="text" keepMounted={false}>
        <Tabs.List>
          {examples.map((e) => (
            <Tabs.Tab key={e.id} value={e.id}>
              {e.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {examples.map((e) => (
          <Tabs.Panel key={e.id} value={e.id} pt="sm">
            <Stack gap="xs">
              <Code block style={{ whiteSpace: 'pre', overflowX: 'auto', fontSize: 12.5 }}>
                {e.text}
              </Code>
              <Group justify="flex-end">
                <CopyButton value={e.text}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      onClick={copy}
                      data-testid={`api-example-copy-${e.id}`}
                    >
                      {copied ? t('examples.copied') : t('examples.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Text size="sm" c="dimmed">
        {t('examples.docs')}{' '}
        <Anchor href="/api/docs" target="_blank" rel="noreferrer" size="sm">
          <Group gap={4} component="span" display="inline-flex">
            {t('examples.docsLink')}
            <IconExternalLink size={14} />
          </Group>
        </Anchor>
      </Text>
    </SectionCard>
  );
}
