import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PinField } from '../shared/PinField';
import { errorText } from '../shared/forms';
import { opsApi, opsKeys } from './api';
import { OpsCardPage } from './OpsLayout';
import { OPS_NS } from './opsI18n';

/** Where to go after signing in: a console path only. */
function target(from: string | null): string {
  return from && from.startsWith('/ops') && !from.startsWith('//') ? from : '/ops';
}

/** Password, then the authenticator code: the console opens only after both. */
export function OpsSignInPage() {
  const { t } = useTranslation(OPS_NS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [step, setStep] = useState<'password' | 'code'>(
    params.get('step') === 'code' ? 'code' : 'password',
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await opsApi.signIn(email, password);
      setPassword('');
      setStep('code');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (value: string) => {
    if (busy) return;
    if (!/^\d{6}$/.test(value)) {
      setError(t('signIn.pinInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await opsApi.verify(value);
      client.setQueryData(opsKeys.me, answer);
      navigate(target(params.get('from')), { replace: true });
    } catch (err) {
      setError(errorText(err));
      setPin('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <OpsCardPage>
      {step === 'password' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void signIn();
          }}
        >
          <Stack gap="md">
            <div>
              <Title order={2}>{t('signIn.title')}</Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('signIn.subtitle')}
              </Text>
            </div>
            <TextInput
              label={t('signIn.email')}
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              data-testid="ops-email"
            />
            <PasswordInput
              label={t('signIn.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              data-testid="ops-password"
            />
            {error && (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Button type="submit" loading={busy} fullWidth data-testid="ops-continue">
              {t('signIn.continue')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <div>
            <Title order={2}>{t('signIn.codeTitle')}</Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('signIn.codeSubtitle')}
            </Text>
          </div>
          <PinField
            value={pin}
            onChange={setPin}
            onComplete={(v) => void verify(v)}
            label={t('signIn.code')}
            error={error}
            disabled={busy}
            autoFocus
            testId="ops-pin"
          />
          <Button
            onClick={() => void verify(pin)}
            loading={busy}
            fullWidth
            data-testid="ops-verify"
          >
            {t('signIn.verify')}
          </Button>
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => {
              setStep('password');
              setError(null);
              setPin('');
            }}
          >
            {t('signIn.back')}
          </Anchor>
        </Stack>
      )}
    </OpsCardPage>
  );
}
