import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { formatDate } from '../../lib/format';
import { CenteredCard } from '../shared/CenteredCard';
import { SUPPORT_EMAIL } from '../../lib/config';

export function SubscriptionExpiredPage() {
  const { t } = useTranslation('billing');
  const { user, account, subscription, logout } = useSession();
  const company = account?.name ?? user?.company ?? '';
  const dueDate = subscription?.dueDate ? formatDate(subscription.dueDate) : null;

  return (
    <CenteredCard size={540}>
      <Stack gap="md" align="center" ta="center" data-testid="subscription-expired">
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconCalendarOff size={34} />
        </ThemeIcon>
        <Title order={2}>{t('expired.title')}</Title>
        <Text>
          {dueDate
            ? t('expired.body', { company, date: dueDate })
            : t('expired.bodyNoDate', { company })}
        </Text>
        <Text size="sm" c="dimmed">
          {user?.role === 'admin' ? (
            <Trans
              t={t}
              i18nKey="expired.admin"
              values={{ email: SUPPORT_EMAIL }}
              components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm" /> }}
            />
          ) : (
            t('expired.member')
          )}
        </Text>
        <Button variant="default" onClick={() => void logout()} data-testid="expired-logout">
          {t('expired.signOut')}
        </Button>
      </Stack>
    </CenteredCard>
  );
}
