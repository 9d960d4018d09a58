import { useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { PageHeader } from '../shared/PageHeader';
import { isApiOnlyAccount } from '../shared/session-helpers';
import { AccountInfoCard } from './components/AccountInfoCard';
import { HubLinkCard } from './components/HubLinkCard';
import { LanguageCard } from './components/LanguageCard';
import { ManagedSettingsCard } from './components/ManagedSettingsCard';
import { WorkspaceSettingsCard } from './components/WorkspaceSettingsCard';
import { HUB_NAMESPACES, hubAreas } from './hubLinks';

export function SettingsPage() {
  const { t } = useTranslation(HUB_NAMESPACES);
  const session = useSession();
  const { user, account, settings, subscription, balance, reload } = session;
  // Read once per visit: the renewal link only needs day precision.
  const [now] = useState(() => Date.now());
  if (!user) return null;

  const isAdmin = user.role === 'admin';
  const apiOnly = isApiOnlyAccount(session);
  // Supervisors may open every admin page (spec §6); the pages tell them what only admins do.
  const manages = user.role !== 'agent';

  const links = hubAreas({ apiOnly, manages });

  return (
    <Stack gap={0}>
      <PageHeader title={t('hub.title')} subtitle={t('hub.subtitle')} />
      <Stack gap="lg">
        {links.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {links.map(({ Icon, title, text, textReadOnly, ...link }) => (
              <HubLinkCard
                key={link.testId}
                {...link}
                icon={<Icon size={22} />}
                title={t(title)}
                text={t(!isAdmin && textReadOnly ? textReadOnly : text)}
              />
            ))}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="lg">
            <AccountInfoCard
              account={account}
              subscription={subscription}
              balance={balance}
              now={now}
            />
            <LanguageCard onSaved={reload} />
            <ManagedSettingsCard settings={settings} />
          </Stack>
          <WorkspaceSettingsCard settings={settings} canEdit={isAdmin} onSaved={reload} />
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
