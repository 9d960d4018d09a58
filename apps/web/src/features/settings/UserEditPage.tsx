import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { PageHeader } from '../shared/PageHeader';
import { LanguageCard } from './components/LanguageCard';
import { PasswordCard } from './components/PasswordCard';
import { ProfileCard } from './components/ProfileCard';
import { TwoFactorCard } from './components/TwoFactorCard';

export function UserEditPage() {
  const { t } = useTranslation('settings');
  const { user, setToken, reload } = useSession();
  // The guard loads the user before any signed-in page renders; this only covers a sign-out.
  if (!user) return null;

  const onToken = async (accessToken: string) => {
    setToken(accessToken);
    await reload();
  };

  return (
    <div>
      <PageHeader title={t('userEdit.title')} subtitle={t('userEdit.subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        <Stack gap="lg">
          <ProfileCard
            key={user._id}
            user={user}
            canEditCompany={user.role === 'admin'}
            onSaved={reload}
          />
          <LanguageCard onSaved={reload} />
        </Stack>
        <Stack gap="lg">
          <PasswordCard email={user.email} />
          <TwoFactorCard enabled={user.isTwoFactorAuthenticationEnabled} onToken={onToken} />
        </Stack>
      </SimpleGrid>
    </div>
  );
}
