import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText, issuesToFieldErrors } from '../../shared/forms';
import { translateServiceMessage } from '../messages';
import { usePairingCode } from './api';

/** "ABCD-EFGH": WhatsApp shows the 8 characters in two halves, so the page does too. */
export function splitCode(code: string): string {
  const clean = code.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return clean.length === 8 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : clean;
}

/**
 * The alternative to the QR for a phone whose camera cannot scan this screen: the admin types
 * the number, the phone types the code under Linked devices → Link with phone number instead.
 */
export function PairingCode({ channel }: { channel: string }) {
  const { t } = useTranslation('integrations');
  const pairing = usePairingCode();
  const [phone, setPhone] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const digits = phone.replace(/[\s-]/g, '');
    if (!/^\+?\d{8,15}$/.test(digits)) return setFieldError(t('wabasic.pairing.phoneInvalid'));
    setFieldError(null);
    try {
      const answer = await pairing.mutateAsync({ channel, phone: digits });
      setCode(answer.code);
    } catch (failure) {
      const fields = issuesToFieldErrors(failure, ['phone']);
      setFieldError(
        fields.phone
          ? t('wabasic.pairing.phoneInvalid')
          : translateServiceMessage(errorText(failure)),
      );
    }
  };

  if (code)
    return (
      <Stack gap="xs" data-testid="wabasic-pairing-result">
        <Text size="sm">{t('wabasic.pairing.enterCode')}</Text>
        <Text
          ff="monospace"
          fw={700}
          fz={32}
          lts={4}
          ta="center"
          py="sm"
          bg="gray.0"
          style={{ borderRadius: 12 }}
          data-testid="wabasic-pairing-code"
        >
          {splitCode(code)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('wabasic.pairing.steps')}
        </Text>
        <Group>
          <Button variant="subtle" size="xs" onClick={() => setCode(null)}>
            {t('wabasic.pairing.another')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="wabasic-pairing-form">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('wabasic.pairing.description')}
        </Text>
        {pairing.isError && !fieldError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {translateServiceMessage(errorText(pairing.error))}
          </Alert>
        )}
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            aria-label={t('wabasic.pairing.phone')}
            placeholder="+62 812 3456 7890"
            inputMode="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={fieldError}
            style={{ flex: 1, minWidth: 180 }}
            data-testid="wabasic-pairing-phone"
          />
          <Button
            type="submit"
            variant="light"
            loading={pairing.isPending}
            data-testid="wabasic-pairing-submit"
          >
            {t('wabasic.pairing.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
