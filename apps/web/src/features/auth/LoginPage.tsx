import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginBodySchema, type LoginBody } from '@sapa/contracts';
import { message } from '../../lib/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorText, httpStatus, zodValidator } from '../shared/forms';
import { safeRedirect } from '../shared/redirect';
import { useSession } from '../../app/session';
import { useLogin } from './api';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setToken } = useSession();
  const login = useLogin();
  const from = safeRedirect(params.get('from'));
  const activated = params.get('activated') === '1';

  const form = useForm<LoginBody>({
    initialValues: { email: params.get('email') ?? '', password: '' },
    validate: zodValidator<LoginBody>(loginBodySchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync({
        email: values.email.trim(),
        password: values.password,
      });
      setToken(answer.accessToken);
      // With 2FA on, the token is not usable until the PIN is validated; the toast waits too.
      if (answer.user.isTwoFactorAuthenticationEnabled) {
        navigate(`/login/2fa?from=${encodeURIComponent(from)}`, { replace: true });
        return;
      }
      notifySuccess(message('successLogin'));
      navigate(from, { replace: true });
    } catch (error) {
      // 401 covers wrong password, unverified and deactivated alike: one wording, no hints.
      notifyError(httpStatus(error) === 401 ? message('loginFailed') : errorText(error));
      form.setFieldValue('password', '');
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('login.title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('login.subtitle')}
        </Text>
      </div>

      {activated && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          data-testid="login-activated"
        >
          {message('accountActivated')}
        </Alert>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            placeholder={t('placeholders.email')}
            type="email"
            autoComplete="email"
            autoFocus={!form.values.email}
            data-testid="login-email"
            {...form.getInputProps('email')}
          />
          <div>
            <PasswordInput
              label={t('fields.password')}
              placeholder={t('placeholders.password')}
              autoComplete="current-password"
              autoFocus={Boolean(form.values.email)}
              data-testid="login-password"
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component={Link} to="/forgot" size="sm" data-testid="login-forgot">
                {t('login.forgot')}
              </Anchor>
            </Group>
          </div>
          <Button type="submit" fullWidth loading={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>

      <Text size="sm" ta="center">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/register" fw={600} data-testid="login-signup">
          {t('login.signUp')}
        </Anchor>
      </Text>
    </Stack>
  );
}
