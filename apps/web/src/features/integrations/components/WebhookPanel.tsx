import {
  ActionIcon,
  Anchor,
  Center,
  CopyButton,
  Loader,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { errorText } from '../../shared/forms';
import { useWebhookInfo } from '../api';
import classes from '../integrations.module.css';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('integrations');
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      data-testid={testId}
      onFocus={(e) => e.currentTarget.select()}
      rightSection={
        <CopyButton value={value} timeout={1800}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('webhook.copied') : t('webhook.copy')}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'green' : 'gray'}
                onClick={copy}
                aria-label={`${t('webhook.copy')}: ${label}`}
                data-testid={`${testId}-copy`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

const STEPS = ['open', 'configure', 'paste', 'subscribe', 'credentials'] as const;

/** The two values Meta's app dashboard asks for, and where to paste them. */
export function WebhookPanel() {
  const { t } = useTranslation('integrations');
  const info = useWebhookInfo();

  if (info.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (info.isError) {
    return (
      <Text size="sm" c="red.7">
        {errorText(info.error)}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <CopyField label={t('webhook.url')} value={info.data.webhookUrl} testId="wa-webhook-url" />
      <CopyField
        label={t('webhook.verifyToken')}
        value={info.data.verifyToken}
        testId="wa-webhook-verify-token"
      />
      <div>
        <Text size="sm" fw={600} mb={6}>
          {t('webhook.stepsTitle')}
        </Text>
        <ol className={classes.steps} style={{ margin: 0, paddingInlineStart: 20 }}>
          {STEPS.map((step) => (
            <li key={step}>
              <Text size="sm">
                <Trans
                  t={t}
                  i18nKey={`webhook.steps.${step}`}
                  components={{
                    b: <b />,
                    meta: (
                      <Anchor
                        href="https://developers.facebook.com/apps"
                        target="_blank"
                        rel="noreferrer"
                      />
                    ),
                  }}
                />
              </Text>
            </li>
          ))}
        </ol>
      </div>
    </Stack>
  );
}
