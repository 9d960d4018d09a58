import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { message } from '../../lib/messages';
import { CenteredCard } from '../shared/CenteredCard';
import { SUPPORT_EMAIL } from '../../lib/config';
import { useConfirmRegistration } from './api';

export function EmailVerifyPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const confirm = useConfirmRegistration();
  const [failed, setFailed] = useState(token === '');
  // The token is single-use: React's strict-mode double effect must not spend it twice.
  const sentFor = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token, {
      onSuccess: () => navigate('/login?activated=1', { replace: true }),
      onError: () => setFailed(true),
    });
  }, [token, mutate, navigate]);

  return (
    <CenteredCard>
      {failed ? (
        <Stack gap="md" align="center" ta="center" data-testid="email-verify-failed">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconMailExclamation size={30} />
          </ThemeIcon>
          <Title order={3}>{t('verify.failedTitle')}</Title>
          <Alert color="red" variant="light" w="100%">
            {message('confirmationInvalid')}
          </Alert>
          <Text size="sm" c="dimmed">
            <Trans
              t={t}
              i18nKey="verify.contact"
              values={{ email: SUPPORT_EMAIL }}
              components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm" /> }}
            />
          </Text>
          <Button component={Link} to="/login" variant="light">
            {t('verify.toLogin')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" align="center" ta="center" py="md">
          <Loader />
          <Title order={3}>{t('verify.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('verify.loading')}
          </Text>
        </Stack>
      )}
    </CenteredCard>
  );
}
