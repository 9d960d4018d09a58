import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { PinField } from '../../shared/PinField';
import { SectionCard } from '../../shared/SectionCard';
import { useGenerateTwoFactor, useToggleTwoFactor } from '../api';

const PIN_PATTERN = /^\d{6}$/;

interface TwoFactorCardProps {
  enabled: boolean;
  /** Both turn-on and turn-off answer with a new access token that carries the new state. */
  onToken: (accessToken: string) => Promise<void>;
}

export function TwoFactorCard({ enabled, onToken }: TwoFactorCardProps) {
  const { t } = useTranslation('settings');
  const generate = useGenerateTwoFactor();
  const toggle = useToggleTwoFactor();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const secret = enabled ? null : (generate.data ?? null);

  const submit = async (value: string) => {
    if (!PIN_PATTERN.test(value)) {
      setPinError(t('twoFactor.pinInvalid'));
      return;
    }
    if (toggle.isPending) return;
    setPinError(null);
    try {
      const answer = await toggle.mutateAsync({ pin: value, on: !enabled });
      setPin('');
      generate.reset();
      notifySuccess(enabled ? t('twoFactor.disabledToast') : t('twoFactor.enabledToast'));
      await onToken(answer.accessToken);
    } catch (error) {
      const text = errorText(error);
      setPinError(text);
      notifyError(text);
      setPin('');
    }
  };

  const pinForm = (testId: string, label: string, extra?: ReactNode) => (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(pin);
      }}
    >
      <Stack gap="sm" align="flex-start">
        <PinField
          value={pin}
          onChange={(value) => {
            setPin(value);
            if (pinError) setPinError(null);
          }}
          error={pinError}
          disabled={toggle.isPending}
        />
        <Group gap="xs">
          <Button
            type="submit"
            color={enabled ? 'red' : undefined}
            variant={enabled ? 'light' : 'filled'}
            loading={toggle.isPending}
            data-testid={testId}
          >
            {label}
          </Button>
          {extra}
        </Group>
      </Stack>
    </form>
  );

  return (
    <SectionCard
      title={t('twoFactor.title')}
      description={t('twoFactor.description')}
      testId="twofa-card"
      aside={
        <Badge color={enabled ? 'green' : 'gray'} variant="light" data-testid="twofa-status">
          {enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
      }
    >
      {enabled ? (
        <Stack gap="md">
          <Alert color="green" variant="light" icon={<IconShieldCheck size={18} />}>
            {t('twoFactor.enabledHint')}
          </Alert>
          <Text size="sm">{t('twoFactor.disableHint')}</Text>
          {pinForm('twofa-disable', t('twoFactor.disable'))}
        </Stack>
      ) : secret ? (
        <Stack gap="md">
          {/* Wraps by the card's own width, not the viewport's: on /user-edit the card is half a
              laptop screen, too narrow for the QR code, the key and the code boxes side by side. */}
          <Group gap="lg" align="flex-start">
            <Paper withBorder p="xs" radius="md" bg="white" mx="auto" style={{ flexShrink: 0 }}>
              <Image
                src={secret.qrCode}
                alt={t('twoFactor.qrAlt')}
                w={168}
                h={168}
                data-testid="twofa-qr"
              />
            </Paper>
            <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
              <Text size="sm">{t('twoFactor.scan')}</Text>
              <Text size="sm" c="dimmed">
                {t('twoFactor.manual')}
              </Text>
              <Group gap="xs" align="center">
                <Code
                  data-testid="twofa-secret"
                  style={{
                    flex: '1 1 auto',
                    minWidth: 0,
                    overflowWrap: 'anywhere',
                    fontSize: 13,
                    letterSpacing: 1,
                  }}
                >
                  {secret.secret}
                </Code>
                <CopyButton value={secret.secret}>
                  {({ copied, copy }) => (
                    <Button size="compact-xs" variant="subtle" onClick={copy}>
                      {copied ? t('actions.copied') : t('actions.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Group>
          <Text size="sm">{t('twoFactor.enterCode')}</Text>
          {pinForm(
            'twofa-enable',
            t('twoFactor.enable'),
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                generate.reset();
                setPin('');
                setPinError(null);
              }}
            >
              {t('actions.cancel')}
            </Button>,
          )}
        </Stack>
      ) : (
        <Group>
          <Button
            variant="light"
            loading={generate.isPending}
            onClick={() =>
              generate.mutate(undefined, { onError: (error) => notifyError(errorText(error)) })
            }
            data-testid="twofa-setup"
          >
            {t('twoFactor.setup')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
