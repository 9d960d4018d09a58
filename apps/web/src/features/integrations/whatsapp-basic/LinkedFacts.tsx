import { SimpleGrid, Text } from '@mantine/core';
import type { WabasicStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { useWabasicUser } from './api';
import { phoneLabel } from './LinkedNumberRow';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** Who is linked: the number, the name on its WhatsApp, since when, and when last connected. */
export function LinkedFacts({ channel, status }: { channel: string; status: WabasicStatus }) {
  const { t } = useTranslation('integrations');
  const user = useWabasicUser(channel, true).data?.user ?? null;
  const none = t('wabasic.facts.unknown');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="wabasic-facts">
      <Fact
        label={t('wabasic.facts.number')}
        value={phoneLabel(user?.phone) ?? none}
        testId="wabasic-linked-phone"
      />
      <Fact
        label={t('wabasic.facts.name')}
        value={user?.name ?? none}
        testId="wabasic-linked-name"
      />
      <Fact
        label={t('wabasic.facts.linkedAt')}
        value={user?.linkedAt ? formatDateTime(user.linkedAt) : none}
        testId="wabasic-linked-at"
      />
      <Fact
        label={t('wabasic.facts.lastConnected')}
        value={status.lastConnectedAt ? formatDateTime(status.lastConnectedAt) : none}
        testId="wabasic-last-connected"
      />
    </SimpleGrid>
  );
}
