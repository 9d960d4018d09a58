import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CenteredCard } from '../shared/CenteredCard';
import { SUPPORT_EMAIL } from '../../lib/config';

export function RegisterConfirmationPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';

  return (
    <CenteredCard>
      <Stack gap="md" align="center" ta="center" data-testid="register-confirmation">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMailForward size={34} />
        </ThemeIcon>
        <Title order={2}>{t('confirmation.title')}</Title>
        <Text>
          {email ? (
            <Trans
              t={t}
              i18nKey="confirmation.body"
              values={{ email }}
              components={{ strong: <strong /> }}
            />
          ) : (
            t('confirmation.bodyNoEmail')
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {t('confirmation.spam')}
        </Text>
        <Button
          component={Link}
          to="/login"
          fullWidth
          mt="xs"
          data-testid="register-confirmation-login"
        >
          {t('confirmation.toLogin')}
        </Button>
        <Text size="xs" c="dimmed">
          <Trans
            t={t}
            i18nKey="confirmation.help"
            values={{ email: SUPPORT_EMAIL }}
            components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="xs" /> }}
          />
        </Text>
      </Stack>
    </CenteredCard>
  );
}
