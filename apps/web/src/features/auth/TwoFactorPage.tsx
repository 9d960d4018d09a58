import { useState } from 'react';
import { Anchor, Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { message } from '../../lib/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { PinField } from '../shared/PinField';
import { errorText } from '../shared/forms';
import { safeRedirect } from '../shared/redirect';
import { useSession } from '../../app/session';
import { useValidateTwoFactor } from './api';

const PIN_PATTERN = /^\d{6}$/;

export function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setToken, logout } = useSession();
  const validate = useValidateTwoFactor();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const from = safeRedirect(params.get('from'));

  const submit = async (value: string) => {
    if (!PIN_PATTERN.test(value)) {
      setError(t('twoFactor.pinInvalid'));
      return;
    }
    if (validate.isPending) return;
    setError(null);
    try {
      const answer = await validate.mutateAsync(value);
      setToken(answer.accessToken);
      notifySuccess(message('successLogin'));
      navigate(from, { replace: true });
    } catch (err) {
      const text = errorText(err);
      setError(text);
      notifyError(text);
      setPin('');
    }
  };

  return (
    <Stack gap="lg">
      <Center>
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconShieldLock size={30} />
        </ThemeIcon>
      </Center>
      <div>
        <Title order={2} ta="center">
          {t('twoFactor.title')}
        </Title>
        <Text c="dimmed" size="sm" ta="center" mt={4}>
          {t('twoFactor.subtitle')}
        </Text>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(pin);
        }}
      >
        <Stack gap="lg">
          <PinField
            value={pin}
            onChange={(value) => {
              setPin(value);
              if (error) setError(null);
            }}
            // Authenticator codes rotate every 30 s; submitting on the sixth digit saves a click.
            onComplete={(value) => void submit(value)}
            error={error}
            disabled={validate.isPending}
            autoFocus
          />
          <Button type="submit" fullWidth loading={validate.isPending} data-testid="twofa-submit">
            {t('twoFactor.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component="button" type="button" onClick={() => void logout()}>
          {t('twoFactor.otherAccount')}
        </Anchor>
      </Text>
    </Stack>
  );
}
