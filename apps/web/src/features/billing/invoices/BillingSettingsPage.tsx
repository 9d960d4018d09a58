import { Alert, Button, Center, Loader, Stack, Tabs, Text } from '@mantine/core';
import { IconFileInvoice, IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../app/session';
import { PageHeader } from '../../shared/PageHeader';
import { useBillingProfile } from './api';
import { BillingDetailsForm } from './components/BillingDetailsForm';
import { InvoiceList } from './components/InvoiceList';

type Tab = 'invoices' | 'details';

function DetailsTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('invoices');
  const profile = useBillingProfile();
  if (profile.isPending)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (profile.isError)
    return (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('details.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
            {t('details.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  // A save returns the stored profile (the NPWP as digits only): a new form shows what was kept.
  return (
    <BillingDetailsForm
      key={JSON.stringify(profile.data)}
      profile={profile.data}
      canEdit={canEdit}
    />
  );
}

/** /setting/billing: the account's invoices and the company details printed on them. */
export function BillingSettingsPage() {
  const { t } = useTranslation('invoices');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'details' ? 'details' : 'invoices';
  if (!user) return null;

  return (
    <Stack gap={0}>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Tabs
        value={tab}
        // In the URL, so a reload or a link (the low-balance email) opens the same tab.
        onChange={(next) => {
          if (next === 'invoices' || next === 'details')
            setParams(next === 'invoices' ? {} : { tab: next }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab
            value="invoices"
            leftSection={<IconFileInvoice size={16} />}
            data-testid="tab-invoices"
          >
            {t('page.tabInvoices')}
          </Tabs.Tab>
          <Tabs.Tab value="details" leftSection={<IconId size={16} />} data-testid="tab-details">
            {t('page.tabDetails')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices">
          <InvoiceList />
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <Stack maw={720}>
            <DetailsTab canEdit={user.role === 'admin'} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
