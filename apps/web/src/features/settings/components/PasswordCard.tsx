import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema, MESSAGES } from '@sapa/contracts';
import { message } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText, issuesToFieldErrors, zodValidator } from '../../shared/forms';
import { SectionCard } from '../../shared/SectionCard';
import { useChangePassword, type ChangePasswordBody } from '../api';

const FIELDS = ['current_password', 'password', 'confirm_password'] as const;

export function PasswordCard({ email }: { email: string }) {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    initialValues: { current_password: '', password: '', confirm_password: '' },
    validate: zodValidator<ChangePasswordBody>(changePasswordBodySchema),
  });

  const submit = form.onSubmit(
    async (values) => {
      try {
        await change.mutateAsync(values);
        notifySuccess(message('passwordChanged'));
        form.reset();
      } catch (error) {
        const fieldErrors = issuesToFieldErrors(error, FIELDS);
        // A wrong current password comes back as a message, not an issue; mark that field.
        if (error instanceof Error && error.message === MESSAGES.currentPasswordWrong) {
          fieldErrors.current_password = errorText(error);
        }
        form.setErrors(fieldErrors);
        notifyError(errorText(error));
      }
    },
    (_errors, values) => {
      // The spec's own toast for this one mistake (§8), on top of the field message.
      if (values.confirm_password && values.password !== values.confirm_password) {
        notifyError(message('passwordMismatchToast'));
      }
    },
  );

  return (
    <SectionCard
      title={t('password.title')}
      description={t('password.description')}
      testId="password-card"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {/* Lets password managers pair the new password with this account. */}
          <input type="email" value={email} autoComplete="username" hidden readOnly />
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            data-testid="password-current"
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label={t('password.new')}
            description={t('password.newHint')}
            autoComplete="new-password"
            data-testid="password-new"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            data-testid="password-confirm"
            {...form.getInputProps('confirm_password')}
          />
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={change.isPending} data-testid="password-submit">
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
