import { List, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { PageHeader } from '../shared/PageHeader';
import { SectionCard } from '../shared/SectionCard';
import { ConnectedPages } from './components/ConnectedPages';
import { PageConnectForm, type PageChannel } from './components/PageConnectForm';

const STEPS: Record<PageChannel, readonly string[]> = {
  messenger: ['app', 'pageId', 'token'],
  instagram: ['professional', 'app', 'pageId', 'instagramId', 'token'],
};

function PageChannelPage({ channel }: { channel: PageChannel }) {
  const { t } = useTranslation('integrations');
  return (
    <div>
      <PageHeader title={t(`pages.${channel}.title`)} subtitle={t(`pages.${channel}.subtitle`)} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <Stack gap="md">
          <SectionCard
            title={t(`pages.${channel}.formTitle`)}
            description={t('pages.form.description')}
            testId={`${channel}-connect`}
          >
            <PageConnectForm channel={channel} />
          </SectionCard>
          <SectionCard title={t(`pages.${channel}.listTitle`)} testId={`${channel}-list-card`}>
            <ConnectedPages channel={channel} />
          </SectionCard>
        </Stack>
        <SectionCard title={t('pages.help.title')} testId={`${channel}-help`}>
          <List type="ordered" spacing="sm" size="sm">
            {STEPS[channel].map((step) => (
              <List.Item key={step}>
                <Trans t={t} i18nKey={`pages.help.${channel}.${step}`} components={{ b: <b /> }} />
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed" mt="md">
            {t('pages.help.webhook')}
          </Text>
        </SectionCard>
      </SimpleGrid>
    </div>
  );
}

/** /integration/facebook-messenger: connect a Facebook Page and answer its messages in the inbox. */
export function MessengerPage() {
  return <PageChannelPage channel="messenger" />;
}

/** /integration/instagram: connect an Instagram professional account through its Facebook Page. */
export function InstagramPage() {
  return <PageChannelPage channel="instagram" />;
}
