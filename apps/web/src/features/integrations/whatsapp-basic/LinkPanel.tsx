import {
  Accordion,
  Center,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconDeviceMobile, IconRefresh } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useWabasicQr } from './api';
import { PairingCode } from './PairingCode';
import { QrImage } from './QrImage';

const STEPS = ['open', 'menu', 'linkDevice', 'scan'] as const;

/**
 * Linking: the steps on the phone beside a large QR that the socket (or, without it, polling)
 * replaces as WhatsApp rotates it, and the pairing-code alternative below.
 */
export function LinkPanel({ channel }: { channel: string }) {
  const { t } = useTranslation('integrations');
  const qr = useWabasicQr(channel, true);
  const data = qr.data;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" data-testid="wabasic-linking">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light" color="teal">
            <IconDeviceMobile size={22} />
          </ThemeIcon>
          <Text fw={650}>{t('wabasic.steps.title')}</Text>
        </Group>
        <List type="ordered" spacing="sm" size="sm" data-testid="wabasic-steps">
          {STEPS.map((step) => (
            <List.Item key={step}>
              <Trans t={t} i18nKey={`wabasic.steps.${step}`} components={{ b: <b /> }} />
            </List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed">
          {t('wabasic.steps.keep')}
        </Text>
        <Accordion variant="contained" radius="md">
          <Accordion.Item value="pairing">
            <Accordion.Control data-testid="wabasic-pairing-toggle">
              <Text size="sm" fw={600}>
                {t('wabasic.pairing.title')}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <PairingCode channel={channel} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
      <Stack gap="xs" align="center">
        {data?.qr ? (
          <QrImage value={data.qr} size={288} label={t('wabasic.qr.alt')} />
        ) : (
          <Center w={288} h={288} bg="gray.0" style={{ borderRadius: 12 }}>
            <Stack align="center" gap="xs">
              <Loader size="md" />
              <Text size="sm" c="dimmed">
                {t('wabasic.qr.waiting')}
              </Text>
            </Stack>
          </Center>
        )}
        <Group gap={6} c="dimmed">
          <IconRefresh size={14} />
          <Text size="xs" data-testid="wabasic-qr-rotation">
            {data && data.rotation > 0
              ? t('wabasic.qr.rotation', { n: data.rotation, max: data.maxRotations })
              : t('wabasic.qr.refreshes')}
          </Text>
        </Group>
      </Stack>
    </SimpleGrid>
  );
}
