import { Alert, Button, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconInfoCircle, IconSitemap, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { PageHeader } from '../shared/PageHeader';
import { useDivisions, useTeamMembers } from './api';
import { DivisionsTab } from './components/DivisionsTab';
import { MembersTab } from './components/MembersTab';

type Tab = 'members' | 'divisions';

export function AgentSettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const members = useTeamMembers();
  const divisions = useDivisions();
  const rawTab = params.get('tab');
  const tab: Tab = rawTab === 'divisions' ? 'divisions' : 'members';
  if (!user) return null;
  // The guard lets supervisors in too; they see the team but only admins change it.
  const canManage = user.role === 'admin';

  const failed = members.isError || divisions.isError;
  const loading = members.isPending || divisions.isPending;

  return (
    <Stack gap={0}>
      <PageHeader title={t('team.title')} subtitle={t('team.subtitle')} />
      {!canManage && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="md">
          {t('team.readOnly')}
        </Alert>
      )}
      <Tabs
        value={tab}
        // The tab lives in the URL so a reload or a shared link opens the same one.
        onChange={(next) => {
          if (next === 'members' || next === 'divisions') {
            setParams(next === 'members' ? {} : { tab: next }, { replace: true });
          }
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="members" leftSection={<IconUsers size={16} />} data-testid="tab-members">
            {t('team.tabMembers')}
          </Tabs.Tab>
          <Tabs.Tab
            value="divisions"
            leftSection={<IconSitemap size={16} />}
            data-testid="tab-divisions"
          >
            {t('team.tabDivisions')}
          </Tabs.Tab>
        </Tabs.List>
        {failed ? (
          <Alert color="red" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('loadFailed')}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => {
                  void members.refetch();
                  void divisions.refetch();
                }}
              >
                {t('actions.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : loading ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : (
          <>
            <Tabs.Panel value="members">
              <MembersTab
                members={members.data}
                divisions={divisions.data}
                currentUserId={user._id}
                canManage={canManage}
              />
            </Tabs.Panel>
            <Tabs.Panel value="divisions">
              <DivisionsTab divisions={divisions.data} canManage={canManage} />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </Stack>
  );
}
