import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, resetSubmitBodySchema } from '@sapa/contracts';
import { notifyError, notifySuccess } from '../../lib/notify';
import { translateMessage } from '../../lib/messages';
import { errorText, issuesToFieldErrors, zodValidator } from '../shared/forms';
import { useResetCheck, useSubmitPasswordReset } from './api';

interface ResetValues {
  password: string;
  confirm_password: string;
}

const validateWithToken = zodValidator<ResetValues & { token: string }>(resetSubmitBodySchema);

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const check = useResetCheck(token);
  const submitReset = useSubmitPasswordReset();
  const isInvite = params.get('type') === 'invite' || check.data?.purpose === 'invite';

  const form = useForm<ResetValues>({
    initialValues: { password: '', confirm_password: '' },
    validate: (values) => validateWithToken({ ...values, token }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await submitReset.mutateAsync({ ...values, token });
      notifySuccess(isInvite ? t('reset.inviteSuccess') : t('reset.success'));
      const email = check.data?.email;
      navigate(email ? `/login?email=${encodeURIComponent(email)}` : '/login', { replace: true });
    } catch (error) {
      form.setErrors(issuesToFieldErrors(error, ['password', 'confirm_password']));
      notifyError(errorText(error));
    }
  });

  if (token && check.isPending) {
    return (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">
            {t('reset.checking')}
          </Text>
        </Stack>
      </Center>
    );
  }

  if (!token || check.isError) {
    const reason = !token
      ? translateMessage(isInvite ? MESSAGES.inviteLinkInvalid : MESSAGES.resetLinkInvalid)
      : errorText(check.error);
    return (
      <Stack gap="lg" data-testid="reset-invalid">
        <Title order={2}>{t('reset.invalidTitle')}</Title>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {reason}
        </Alert>
        <Text size="sm" c="dimmed">
          {isInvite ? t('reset.inviteInvalidHint') : t('reset.invalidHint')}
        </Text>
        {!isInvite && (
          <Button component={Link} to="/forgot" variant="light">
            {t('reset.requestNew')}
          </Button>
        )}
        <Anchor component={Link} to="/login" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  const email = check.data?.email ?? '';
  const company = check.data?.company;

  return (
    <Stack gap="lg">
      <div>
        {isInvite && (
          <Text c="blue" fw={600} size="sm" mb={4} data-testid="reset-welcome">
            {company ? t('reset.inviteWelcome', { company }) : t('reset.inviteWelcomeNoCompany')}
          </Text>
        )}
        <Title order={2}>{isInvite ? t('reset.inviteTitle') : t('reset.title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {isInvite ? t('reset.inviteSubtitle', { email }) : t('reset.subtitle', { email })}
        </Text>
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
          <PasswordInput
            label={t('fields.newPassword')}
            placeholder={t('placeholders.newPassword')}
            description={t('hints.password')}
            autoComplete="new-password"
            autoFocus
            data-testid="reset-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            placeholder={t('placeholders.confirmPassword')}
            autoComplete="new-password"
            data-testid="reset-confirm-password"
            {...form.getInputProps('confirm_password')}
          />
          <Button
            type="submit"
            fullWidth
            loading={submitReset.isPending}
            data-testid="reset-submit"
          >
            {isInvite ? t('reset.inviteSubmit') : t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
