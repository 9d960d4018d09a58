import { Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, registerBodySchema, type RegisterBody } from '@sapa/contracts';
import { currentLanguage } from '../../lib/i18n';
import { message } from '../../lib/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { errorText, httpStatus, issuesToFieldErrors, zodValidator } from '../shared/forms';
import { useRegister } from './api';

type RegisterValues = Omit<RegisterBody, 'language'>;

const FIELDS = [
  'name',
  'company',
  'email',
  'phone_number',
  'password',
  'confirm_password',
] as const;

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const register = useRegister();

  const form = useForm<RegisterValues>({
    initialValues: {
      name: '',
      company: '',
      email: '',
      phone_number: '',
      password: '',
      confirm_password: '',
    },
    validate: zodValidator<RegisterValues>(registerBodySchema),
  });

  const submit = form.onSubmit(async (values) => {
    const email = values.email.trim().toLowerCase();
    try {
      // The language travels so the activation email is written in the one the person reads.
      await register.mutateAsync({ ...values, email, language: currentLanguage() });
      notifySuccess(message('registerCheckEmail'));
      navigate(`/users/register_confirmation?email=${encodeURIComponent(email)}`);
    } catch (error) {
      const fieldErrors = issuesToFieldErrors(error, FIELDS);
      const status = httpStatus(error);
      if (status === 409) fieldErrors.email = errorText(error);
      form.setErrors(fieldErrors);
      // Server faults and lost connections get the spec's generic wording; anything the server
      // explains (taken email, rate limit, a field) is shown as it said.
      const serverFault = status === null || status === 0 || status >= 500;
      notifyError(
        serverFault ? message('registerError') : errorText(error, MESSAGES.registerError),
      );
    }
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('register.title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('register.subtitle')}
        </Text>
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('fields.name')}
            placeholder={t('placeholders.name')}
            autoComplete="name"
            withAsterisk
            data-testid="register-name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('fields.company')}
            placeholder={t('placeholders.company')}
            autoComplete="organization"
            withAsterisk
            data-testid="register-company"
            {...form.getInputProps('company')}
          />
          <TextInput
            label={t('fields.email')}
            placeholder={t('placeholders.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            data-testid="register-email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('fields.phoneNumber')}
            placeholder={t('placeholders.phoneNumber')}
            description={t('hints.phoneNumber')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            withAsterisk
            data-testid="register-phone"
            {...form.getInputProps('phone_number')}
          />
          <PasswordInput
            label={t('fields.password')}
            placeholder={t('placeholders.newPassword')}
            description={t('hints.password')}
            autoComplete="new-password"
            withAsterisk
            data-testid="register-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            placeholder={t('placeholders.confirmPassword')}
            autoComplete="new-password"
            withAsterisk
            data-testid="register-confirm-password"
            {...form.getInputProps('confirm_password')}
          />
          <Text size="xs" c="dimmed">
            <Trans
              t={t}
              i18nKey="register.terms"
              components={{ privacy: <Anchor component={Link} to="/legal-privacy" size="xs" /> }}
            />
          </Text>
          <Button
            type="submit"
            fullWidth
            mt="xs"
            loading={register.isPending}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to="/login" fw={600}>
          {t('register.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}
