import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowRight,
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandWhatsapp,
  IconMessageChatbot,
  IconSparkles,
  type Icon,
} from '@tabler/icons-react';
import type { ChannelType } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../shared/PageHeader';
import { useServices } from './api';
import classes from './integrations.module.css';

interface IntegrationCard {
  name: 'whatsapp' | 'whatsappBasic' | 'instagram' | 'messenger' | 'responder' | 'ai';
  icon: Icon;
  color: string;
  /** Only integrations that work today link anywhere. */
  to?: string;
  /** The channel kind whose connected count the card shows. */
  channel?: ChannelType;
}

const CARDS: readonly IntegrationCard[] = [
  {
    name: 'whatsapp',
    icon: IconBrandWhatsapp,
    color: 'green',
    to: '/integration/whatsapp',
    channel: 'whatsapp',
  },
  { name: 'whatsappBasic', icon: IconBrandWhatsapp, color: 'teal' },
  {
    name: 'instagram',
    icon: IconBrandInstagram,
    color: 'pink',
    to: '/integration/instagram',
    channel: 'instagram',
  },
  {
    name: 'messenger',
    icon: IconBrandMessenger,
    color: 'blue',
    to: '/integration/facebook-messenger',
    channel: 'messenger',
  },
  { name: 'responder', icon: IconMessageChatbot, color: 'violet' },
  { name: 'ai', icon: IconSparkles, color: 'orange' },
];

function CardBody({ card, status }: { card: IntegrationCard; status: ReactNode }) {
  const { t } = useTranslation('integrations');
  const Glyph = card.icon;
  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" color={card.color}>
          <Glyph size={28} stroke={1.6} />
        </ThemeIcon>
        {status}
      </Group>
      <div style={{ flex: 1 }}>
        <Text fw={650}>{t(`cards.${card.name}.name`)}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {t(`cards.${card.name}.description`)}
        </Text>
      </div>
      {card.to && (
        <Group gap={4} c="sapa.8">
          <Text size="sm" fw={600}>
            {t('overview.manage')}
          </Text>
          <IconArrowRight size={16} />
        </Group>
      )}
    </Stack>
  );
}

/** /integration: every integration the product will offer; the ones not built yet say so. */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const services = useServices();

  return (
    <div>
      <PageHeader title={t('overview.title')} subtitle={t('overview.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {CARDS.map((card) => {
          if (card.to) {
            const connected = services.data?.filter((s) => s.channel === card.channel).length ?? 0;
            // WhatsApp counts numbers; a Page or an Instagram account is just "connected".
            const label = card.channel === 'whatsapp' ? 'connected' : 'connectedChannels';
            const status = services.isSuccess ? (
              <Badge color={connected ? 'green' : 'gray'} variant="light">
                {connected
                  ? t(`overview.${label}`, { count: connected })
                  : t('overview.notConnected')}
              </Badge>
            ) : null;
            return (
              <Card
                key={card.name}
                component={Link}
                to={card.to}
                className={classes.cardLink}
                data-testid={`integration-card-${card.name}`}
              >
                <CardBody card={card} status={status} />
              </Card>
            );
          }
          return (
            <Card
              key={card.name}
              className={classes.cardSoon}
              aria-disabled="true"
              data-testid={`integration-card-${card.name}`}
            >
              <CardBody
                card={card}
                status={
                  <Badge color="gray" variant="outline">
                    {t('overview.comingSoon')}
                  </Badge>
                }
              />
            </Card>
          );
        })}
      </SimpleGrid>
    </div>
  );
}
