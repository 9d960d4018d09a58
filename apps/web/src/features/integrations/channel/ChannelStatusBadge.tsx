import { Badge } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

/** One word for where a channel stands: disconnected, needs attention, or working. */
export function channelStatus(service: Service): 'disconnected' | 'attention' | 'ok' {
  if (service.state === 'disconnected') return 'disconnected';
  return service.health.status === 'needs_attention' ? 'attention' : 'ok';
}

const COLOR = { disconnected: 'gray', attention: 'red', ok: 'green' } as const;

export function ChannelStatusBadge({ service }: { service: Service }) {
  const { t } = useTranslation('integrations');
  const status = channelStatus(service);
  return (
    <Badge
      size="sm"
      variant={status === 'attention' ? 'filled' : 'light'}
      color={COLOR[status]}
      data-testid="channel-status"
      data-status={status}
    >
      {t(`health.status.${status}`)}
    </Badge>
  );
}
