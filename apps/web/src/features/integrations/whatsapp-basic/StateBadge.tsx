import { Badge, Group, Loader, Text } from '@mantine/core';
import type { WabasicState, WabasicStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

const COLOR: Record<WabasicState, string> = {
  unlinked: 'gray',
  linking: 'blue',
  connecting: 'blue',
  connected: 'green',
  reconnecting: 'orange',
  qr_expired: 'gray',
  logged_out: 'red',
};

/** States that are on their way somewhere: the badge spins. */
const BUSY: ReadonlySet<WabasicState> = new Set(['connecting', 'reconnecting']);

/** A linked number's state in words, and since when it has been in it. */
export function StateBadge({
  status,
  withSince = true,
}: {
  status: WabasicStatus;
  withSince?: boolean;
}) {
  const { t } = useTranslation('integrations');
  return (
    <Group gap={8} wrap="wrap" data-testid="wabasic-state" data-state={status.state}>
      <Badge
        color={COLOR[status.state]}
        variant="light"
        leftSection={
          BUSY.has(status.state) ? <Loader size={10} color={COLOR[status.state]} /> : null
        }
      >
        {t(`wabasic.state.${status.state}`)}
      </Badge>
      {withSince && status.since && (
        <Text size="xs" c="dimmed" data-testid="wabasic-since">
          {t('wabasic.since', { at: formatDateTime(status.since) })}
        </Text>
      )}
    </Group>
  );
}
