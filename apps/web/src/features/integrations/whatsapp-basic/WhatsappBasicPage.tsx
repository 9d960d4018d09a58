import { List, SimpleGrid, Stack } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/PageHeader';
import { SectionCard } from '../../shared/SectionCard';
import { ServiceList } from '../channel/ServiceList';
import { LinkedNumberRow } from './LinkedNumberRow';
import { LinkNumberForm } from './LinkNumberForm';

const GOOD_TO_KNOW = ['phone', 'inactive', 'noWindow', 'noBroadcasts'] as const;

/**
 * /integration/whatsapp-basic: the numbers linked by QR code with their state (what an admin
 * comes back for), then linking another one, and what a linked number can and cannot do.
 */
export function WhatsappBasicPage() {
  const { t } = useTranslation('integrations');
  return (
    <div>
      <PageHeader title={t('wabasic.title')} subtitle={t('wabasic.subtitle')} />
      <Stack gap="md">
        <SectionCard title={t('wabasic.list.title')} testId="wabasic-numbers-card">
          <ServiceList
            channel="whatsapp_basic"
            empty={t('wabasic.list.empty')}
            testId="wabasic-numbers"
            emptyTestId="wabasic-empty"
            row={(service) => <LinkedNumberRow key={service._id} service={service} />}
          />
        </SectionCard>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          <SectionCard
            title={t('wabasic.link.title')}
            description={t('wabasic.link.description')}
            testId="wabasic-link"
          >
            <LinkNumberForm />
          </SectionCard>
          <SectionCard title={t('wabasic.goodToKnow.title')} testId="wabasic-good-to-know">
            <List spacing="sm" size="sm">
              {GOOD_TO_KNOW.map((key) => (
                <List.Item key={key}>
                  <Trans t={t} i18nKey={`wabasic.goodToKnow.${key}`} components={{ b: <b /> }} />
                </List.Item>
              ))}
            </List>
          </SectionCard>
        </SimpleGrid>
      </Stack>
    </div>
  );
}
