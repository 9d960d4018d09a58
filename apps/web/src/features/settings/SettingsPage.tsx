import { useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import {
  IconArrowsSplit,
  IconBolt,
  IconFileInvoice,
  IconKey,
  IconTag,
  IconUserCircle,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { PageHeader } from '../shared/PageHeader';
import { isApiOnlyAccount } from '../shared/session-helpers';
import { AccountInfoCard } from './components/AccountInfoCard';
import { HubLinkCard, type HubLink } from './components/HubLinkCard';
import { LanguageCard } from './components/LanguageCard';
import { ManagedSettingsCard } from './components/ManagedSettingsCard';
import { WorkspaceSettingsCard } from './components/WorkspaceSettingsCard';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tRouting } = useTranslation('routing');
  const { t: tInvoices } = useTranslation('invoices');
  const { t: tApi } = useTranslation('apiKeys');
  const { t: tWebhooks } = useTranslation('webhooks');
  const session = useSession();
  const { user, account, settings, subscription, balance, reload } = session;
  // Read once per visit: the renewal link only needs day precision.
  const [now] = useState(() => Date.now());
  if (!user) return null;

  const isAdmin = user.role === 'admin';
  // API-only accounts may not open the team or profile pages (guard rule 7), so no links there.
  const apiOnly = isApiOnlyAccount(session);
  // Supervisors may open every admin page (spec §6); the pages tell them what only admins do.
  const manages = user.role !== 'agent';

  // Issue 16: invoices are for the people who run the account, API-only accounts too.
  const billing: HubLink = {
    to: '/setting/billing',
    icon: <IconFileInvoice size={22} />,
    title: tInvoices('hub.title'),
    text: tInvoices('hub.text'),
    testId: 'settings-link-billing',
  };
  // Issue 19: API keys and switches.
  const api: HubLink = {
    to: '/setting/api',
    icon: <IconKey size={22} />,
    title: tApi('hub.title'),
    text: tApi('hub.text'),
    testId: 'settings-link-api',
  };
  // Issue 19: webhook endpoints, on every account type.
  const webhooks: HubLink = {
    to: '/setting/webhooks',
    icon: <IconWebhook size={22} />,
    title: tWebhooks('hubTitle'),
    text: tWebhooks('hubText'),
    testId: 'settings-link-webhooks',
  };
  // Issue 4: inbox settings; the guard lets admins and supervisors open them.
  const inbox: HubLink[] = [
    {
      to: '/setting/labels',
      icon: <IconTag size={22} />,
      title: t('labels.hubTitle'),
      text: t('labels.hubText'),
      testId: 'settings-link-labels',
    },
    {
      to: '/setting/quick-replies',
      icon: <IconBolt size={22} />,
      title: t('quickReplies.hubTitle'),
      text: t('quickReplies.hubText'),
      testId: 'settings-link-quick-replies',
    },
    {
      to: '/setting/routing',
      icon: <IconArrowsSplit size={22} />,
      title: tRouting('hubTitle'),
      text: tRouting('hubText'),
      testId: 'settings-link-routing',
    },
  ];
  const people: HubLink[] = [
    {
      to: '/setting/agent-settings',
      icon: <IconUsersGroup size={22} />,
      title: t('hub.teamTitle'),
      text: isAdmin ? t('hub.teamText') : t('hub.teamTextReadOnly'),
      testId: 'settings-link-team',
    },
    {
      to: '/user-edit',
      icon: <IconUserCircle size={22} />,
      title: t('hub.profileTitle'),
      text: t('hub.profileText'),
      testId: 'settings-link-profile',
    },
  ];
  // An API-only account's integrator comes for the key first.
  const links: HubLink[] = apiOnly
    ? manages
      ? [api, billing, webhooks]
      : []
    : [...people, ...(manages ? [...inbox, billing, api, webhooks] : [])];

  return (
    <Stack gap={0}>
      <PageHeader title={t('hub.title')} subtitle={t('hub.subtitle')} />
      <Stack gap="lg">
        {links.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {links.map((link) => (
              <HubLinkCard key={link.testId} {...link} />
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
