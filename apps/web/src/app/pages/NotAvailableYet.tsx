import { Badge, Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const CAPABILITIES = [
  'broadcast',
  'broadcastResult',
  'templates',
  'reports',
  'topUp',
  'whatsappBasic',
  'instagram',
  'messenger',
  'responder',
  'ai',
  'billingInvoice',
  'uxDesign',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * An honest placeholder for a capability a later release delivers: it names what will be here
 * and shows no invented data.
 */
export function NotAvailableYet({ capability }: { capability: Capability }) {
  const { t } = useTranslation('common');
  return (
    <Center
      py={{ base: 'xl', sm: 64 }}
      data-testid="not-available-yet"
      data-capability={capability}
    >
      <Card maw={560} w="100%" p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconHourglassHigh size={32} stroke={1.5} />
          </ThemeIcon>
          <Badge variant="light" size="lg" radius="sm">
            {t('notAvailable.badge')}
          </Badge>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {t(`notAvailable.capabilities.${capability}.name`)}
          </Title>
          <Text fw={500}>{t(`notAvailable.capabilities.${capability}.summary`)}</Text>
          <Text c="dimmed" size="sm">
            {t('notAvailable.description')}
          </Text>
          <Button component={Link} to="/" variant="light" mt="xs">
            {t('actions.backHome')}
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
