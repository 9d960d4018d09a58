import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetRequestBodySchema } from '@sapa/contracts';
import { message } from '../../lib/messages';
import { notifyError } from '../../lib/notify';
import { errorText, zodValidator } from '../shared/forms';
import { useRequestPasswordReset } from './api';

interface ForgotValues {
  email: string;
}

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotValues>({
    initialValues: { email: '' },
    validate: zodValidator<ForgotValues>(resetRequestBodySchema),
  });

  const submit = form.onSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      notifyError(errorText(error));
    }
  });

  const backToLogin = (
    <Anchor component={Link} to="/login" size="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {t('forgot.backToLogin')}
    </Anchor>
  );

  if (sentTo !== null) {
    return (
      <Stack gap="lg">
        <Title order={2}>{t('forgot.sentTitle')}</Title>
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailCheck size={18} />}
          data-testid="forgot-sent"
        >
          {/* Same answer whether or not the email exists, so the page cannot be used to probe. */}
          {message('resetRequested')}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('confirmation.spam')}
        </Text>
        <Stack gap={6} align="flex-start">
          <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
            {t('forgot.tryAgain')}
          </Anchor>
          {backToLogin}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('forgot.title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('forgot.subtitle')}
        </Text>
      </div>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            placeholder={t('placeholders.email')}
            type="email"
            autoComplete="email"
            autoFocus
            data-testid="forgot-email"
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={request.isPending} data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
      {backToLogin}
    </Stack>
  );
}
