import { Anchor, Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryState } from '../shared/QueryState';
import { AuditTab } from './account/AuditTab';
import { BalanceTab } from './account/BalanceTab';
import { InvoicesTab } from './account/InvoicesTab';
import { OverviewTab } from './account/OverviewTab';
import { SettingsTab } from './account/SettingsTab';
import { useOpsAccount } from './api';
import { OPS_NS } from './opsI18n';
import { StatusBadge } from './StatusBadge';

const TABS = ['overview', 'settings', 'balance', 'invoices', 'audit'] as const;

/** One account: what it has, and everything an operator may change on it. */
export function OpsAccountPage() {
  const { t } = useTranslation(OPS_NS);
  const { id = '' } = useParams();
  const query = useOpsAccount(id);
  const detail = query.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/ops" size="sm" c="dimmed">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('account.back')}
        </Group>
      </Anchor>
      <QueryState query={query} retryLabel={t('retry')}>
        {detail && (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Group gap="sm">
                  <Title order={2} data-testid="ops-account-name">
                    {detail.account.name}
                  </Title>
                  <StatusBadge status={detail.account.status} />
                  {detail.account.type === 'api_only' && (
                    <Badge variant="outline" color="gray">
                      {t('account.apiOnly')}
                    </Badge>
                  )}
                </Group>
                <Text c="dimmed" size="sm" mt={4}>
                  {detail.account.adminEmail ?? '—'} · {detail.account.id}
                </Text>
              </div>
            </Group>
            <Tabs defaultValue="overview" keepMounted={false}>
              <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
                {TABS.map((tab) => (
                  <Tabs.Tab key={tab} value={tab} data-testid={`ops-tab-${tab}`}>
                    {t(`account.tabs.${tab}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="overview" pt="lg">
                <OverviewTab detail={detail} />
              </Tabs.Panel>
              <Tabs.Panel value="settings" pt="lg">
                <SettingsTab detail={detail} />
              </Tabs.Panel>
              <Tabs.Panel value="balance" pt="lg">
                <BalanceTab detail={detail} />
              </Tabs.Panel>
              <Tabs.Panel value="invoices" pt="lg">
                <InvoicesTab detail={detail} />
              </Tabs.Panel>
              <Tabs.Panel value="audit" pt="lg">
                <AuditTab detail={detail} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
