import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../shared/PageHeader';
import { SectionCard } from '../shared/SectionCard';
import { ConnectedNumbers } from './components/ConnectedNumbers';
import { WebhookPanel } from './components/WebhookPanel';
import { WhatsappConnectForm } from './components/WhatsappConnectForm';

/**
 * /integration/whatsapp: the connected numbers with their health and actions first (what an
 * admin comes back for), then connecting another number and where to point Meta's webhook.
 */
export function WhatsappPage() {
  const { t } = useTranslation('integrations');
  return (
    <div>
      <PageHeader title={t('whatsapp.title')} subtitle={t('whatsapp.subtitle')} />
      <Stack gap="md">
        <SectionCard title={t('whatsapp.numbers.title')} testId="wa-numbers-card">
          <ConnectedNumbers />
        </SectionCard>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          <SectionCard
            title={t('whatsapp.form.title')}
            description={t('whatsapp.form.description')}
            testId="wa-connect"
          >
            <WhatsappConnectForm />
          </SectionCard>
          <SectionCard
            title={t('webhook.title')}
            description={t('webhook.description')}
            testId="wa-webhook"
          >
            <WebhookPanel />
          </SectionCard>
        </SimpleGrid>
      </Stack>
    </div>
  );
}
