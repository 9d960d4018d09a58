import { useState } from 'react';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconSettings, IconUserCircle, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { useMayOpen } from '../../app/useMayOpen';
import { hourIn } from '../../lib/datetime';
import { inRenewalWindow } from '../shared/session-helpers';
import { ONBOARDING_STEPS } from '@sapa/contracts';
import { useDashboard } from './api';
import { BalanceCard } from './components/BalanceCard';
import { LiveFloor } from './components/LiveFloor';
import { SetupPanel } from './components/SetupPanel';
import { STEP_LINKS } from './onboarding';
import { QuickLinks, type QuickLink } from './components/QuickLinks';
import { SubscriptionCard } from './components/SubscriptionCard';
import { TeamCard } from './components/TeamCard';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 4 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 18) return 'afternoon';
  return 'evening';
}

export function HomePage() {
  const { t } = useTranslation('home');
  const session = useSession();
  const { user, account, subscription } = session;
  // One clock per visit keeps the greeting and day counts consistent on the page.
  const [now] = useState(() => Date.now());
  const mayOpen = useMayOpen();
  // The setup is the admin's work (GET /onboarding answers admins only) and every step's page
  // must open for them: an API-only account has no inbox to set up.
  const setup =
    user?.role === 'admin' && ONBOARDING_STEPS.every((step) => mayOpen(STEP_LINKS[step]));
  // The floor is the inbox's: an API-only account has none (every step's page would be refused).
  const inbox = mayOpen('/chat');
  const dashboard = useDashboard(!!user && inbox);
  // "Longest wait" counts from the server's clock, read when the figures came.
  const asOf = dashboard.data ? Date.parse(dashboard.data.asOf) : now;
  if (!user) return null;

  // Agents cannot renew or pay; the other links follow the guard, so none ends on /unauthorized.
  const staff = user.role !== 'agent';
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  const candidates: QuickLink[] = [
    ...(staff && inRenewalWindow(subscription, now)
      ? [
          {
            to: '/renewal',
            icon: <IconRefresh size={20} />,
            title: t('links.renewal'),
            text: t('links.renewalText'),
            testId: 'home-link-renewal',
          },
        ]
      : []),
    {
      to: '/setting',
      icon: <IconSettings size={20} />,
      title: t('links.settings'),
      text: t('links.settingsText'),
      testId: 'home-link-settings',
    },
    {
      to: '/setting/agent-settings',
      icon: <IconUsersGroup size={20} />,
      title: t('links.team'),
      text: t('links.teamText'),
      testId: 'home-link-team',
    },
    {
      to: '/user-edit',
      icon: <IconUserCircle size={20} />,
      title: t('links.profile'),
      text: t('links.profileText'),
      testId: 'home-link-profile',
    },
  ];
  const links = candidates.filter((link) => mayOpen(link.to));
  const team = mayOpen('/setting/agent-settings');

  return (
    <Stack gap="xl">
      <div>
        <Title order={2} data-testid="home-greeting">
          {t(`greeting.${greetingKey(hourIn(now))}`, { name: firstName })}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('subtitle', { company: account?.name ?? user.company })}
        </Text>
      </div>
      {setup && account && <SetupPanel accountId={account._id} />}
      {inbox && (
        <LiveFloor
          dashboard={dashboard.data}
          isPending={dashboard.isPending}
          isError={dashboard.isError}
          now={asOf}
          reports={mayOpen('/report')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <SubscriptionCard subscription={subscription} now={now} canRenew={staff} />
        <BalanceCard topUp={mayOpen('/top-up')} runway={dashboard.data?.balance ?? null} />
        <TeamCard link={!team ? null : user.role === 'admin' ? 'manage' : 'view'} />
      </SimpleGrid>
      <QuickLinks title={t('links.title')} links={links} />
    </Stack>
  );
}
