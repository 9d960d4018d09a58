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
import { WhatsappTypeSwitch } from './whatsapp-basic/WhatsappTypeSwitch';
import { useWhatsappType } from './whatsapp-basic/whatsappType';

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
  {
    name: 'whatsappBasic',
    icon: IconBrandWhatsapp,
    color: 'teal',
    to: '/integration/whatsapp-basic',
    channel: 'whatsapp_basic',
  },
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

/** The WhatsApp card of each `settings/whatsapp-type`. */
const WHATSAPP_CARD = { wabasic: 'whatsappBasic', waba: 'whatsapp' } as const;

/**
 * Spec §3: the account's WhatsApp type decides which WhatsApp integration it sees; the other
 * one still shows while the account has channels of it, so nothing connected disappears.
 */
function visibleCards(
  type: keyof typeof WHATSAPP_CARD,
  connected: ReadonlySet<ChannelType>,
): IntegrationCard[] {
  const chosen = CARDS.find((c) => c.name === WHATSAPP_CARD[type]);
  const rest = CARDS.filter((c) => c !== chosen);
  return [
    ...(chosen ? [chosen] : []),
    ...rest.filter(
      (c) =>
        !(c.name === 'whatsapp' || c.name === 'whatsappBasic') ||
        (c.channel !== undefined && connected.has(c.channel)),
    ),
  ];
}

/** /integration: every integration the product will offer; the ones not built yet say so. */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const services = useServices();
  const { type } = useWhatsappType();
  const connectedKinds = new Set((services.data ?? []).map((s) => s.channel));

  return (
    <div>
      <PageHeader title={t('overview.title')} subtitle={t('overview.subtitle')} />
      <WhatsappTypeSwitch />
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {visibleCards(type, connectedKinds).map((card) => {
          if (card.to) {
            const ofCard = services.data?.filter((s) => s.channel === card.channel) ?? [];
            const connected = ofCard.length;
            const attention = ofCard.some((s) => s.health.status === 'needs_attention');
            // WhatsApp counts numbers; a Page or an Instagram account is just "connected".
            const label =
              card.channel === 'whatsapp' || card.channel === 'whatsapp_basic'
                ? 'connected'
                : 'connectedChannels';
            let status = null;
            if (services.isSuccess && attention)
              status = (
                <Badge color="red" variant="light">
                  {t('health.status.attention')}
                </Badge>
              );
            else if (services.isSuccess)
              status = (
                <Badge color={connected ? 'green' : 'gray'} variant="light">
                  {connected
                    ? t(`overview.${label}`, { count: connected })
                    : t('overview.notConnected')}
                </Badge>
              );
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
