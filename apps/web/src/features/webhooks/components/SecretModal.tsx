import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/FormModal';

interface SecretModalProps {
  /** The `whsec_` secret, or null when nothing is to be shown. */
  secret: string | null;
  kind: 'created' | 'rotated';
  url: string;
  onClose: () => void;
}

/** The one moment a signing secret is visible: the server keeps no readable copy for the web. */
export function SecretModal({ secret, kind, url, onClose }: SecretModalProps) {
  const { t } = useTranslation('webhooks');
  return (
    <FormModal
      opened={secret !== null}
      onClose={onClose}
      size="lg"
      title={kind === 'created' ? t('secret.createdTitle') : t('secret.rotatedTitle')}
    >
      <Stack gap="md">
        <Text ff="monospace" size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        <Alert variant="light" color="yellow" icon={<IconKey size={18} />}>
          <Text size="sm">{t('secret.text')}</Text>
          {kind === 'rotated' && (
            <Text size="sm" mt={6}>
              {t('secret.rotatedText')}
            </Text>
          )}
        </Alert>
        <Code
          block
          data-testid="webhook-secret"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 14 }}
        >
          {secret ?? ''}
        </Code>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={secret ?? ''} timeout={1800}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-testid="webhook-secret-copy"
              >
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
}
