import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Code,
  Group,
  Image,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OPS_PASSWORD_MIN } from '@sapa/contracts';
import { PinField } from '../shared/PinField';
import { errorText, issuesToFieldErrors, type FieldErrors } from '../shared/forms';
import { opsApi } from './api';
import { OpsCardPage } from './OpsLayout';
import { OPS_NS } from './opsI18n';

const STRONG = /(?=.*\d)(?=.*[A-Z])/;

/** The CLI's one-time link: scan the key, choose name and password, prove a code. */
export function OpsSetupPage() {
  const { t } = useTranslation(OPS_NS);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['ops', 'setup', token],
    queryFn: () => opsApi.setupInfo(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async () => {
    const local: FieldErrors = {};
    if (!name.trim()) local.name = t('setup.nameRequired');
    if (password.length < OPS_PASSWORD_MIN || !STRONG.test(password))
      local.password = t('setup.passwordHint', { min: OPS_PASSWORD_MIN });
    if (confirm !== password) local.confirm = t('setup.mismatch');
    if (!/^\d{6}$/.test(pin)) local.pin = t('signIn.pinInvalid');
    setErrors(local);
    if (Object.keys(local).length || busy) return;
    setBusy(true);
    setError(null);
    try {
      await opsApi.setup({ token, name: name.trim(), password, pin });
      setDone(true);
    } catch (err) {
      setErrors(issuesToFieldErrors(err, ['name', 'password', 'pin']));
      setError(errorText(err));
      setPin('');
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <OpsCardPage>
        <Stack align="center" gap="md" ta="center">
          <IconCircleCheck size={48} color="var(--mantine-color-sapa-7)" />
          <Title order={3}>{t('setup.doneTitle')}</Title>
          <Text c="dimmed">{t('setup.done')}</Text>
          <Button component={Link} to="/ops/sign-in" data-testid="ops-setup-sign-in">
            {t('setup.signIn')}
          </Button>
        </Stack>
      </OpsCardPage>
    );

  return (
    <OpsCardPage>
      {!token || info.isError ? (
        <Alert color="red" icon={<IconAlertCircle />} title={t('setup.invalidTitle')}>
          {t('setup.invalid')}
        </Alert>
      ) : info.isPending ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <div>
              <Title order={2}>{t('setup.title')}</Title>
              <Text c="dimmed" size="sm" mt={4}>
                {t('setup.subtitle', { email: info.data.email })}
              </Text>
            </div>
            <Text fw={600}>{t('setup.scan')}</Text>
            <Group wrap="nowrap" align="center" gap="md">
              <Image src={info.data.qrCode} w={140} h={140} alt={t('setup.qrAlt')} />
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed">
                  {t('setup.manual')}
                </Text>
                <Code
                  block
                  data-testid="ops-setup-secret"
                  style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
                >
                  {info.data.secret}
                </Code>
              </Stack>
            </Group>
            <Text fw={600}>{t('setup.choose')}</Text>
            <TextInput
              label={t('setup.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              autoComplete="name"
              data-testid="ops-setup-name"
            />
            <PasswordInput
              label={t('setup.password')}
              description={t('setup.passwordHint', { min: OPS_PASSWORD_MIN })}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              autoComplete="new-password"
              data-testid="ops-setup-password"
            />
            <PasswordInput
              label={t('setup.confirm')}
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={errors.confirm}
              autoComplete="new-password"
              data-testid="ops-setup-confirm"
            />
            <PinField
              value={pin}
              onChange={setPin}
              label={t('setup.code')}
              error={errors.pin ?? null}
              testId="ops-setup-pin"
            />
            {error && (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Button type="submit" loading={busy} fullWidth data-testid="ops-setup-submit">
              {t('setup.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </OpsCardPage>
  );
}
