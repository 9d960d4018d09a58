import type { ReactNode } from 'react';
import type { Service } from '@sapa/contracts';
import { ChannelCard } from './ChannelCard';
import { ServiceList } from './ServiceList';

/**
 * The account's channels of one type as cards with health and actions: what an integration
 * page (`/integration/instagram`, `/integration/facebook-messenger`, …) lists under its connect
 * form. `extra` adds a page's own controls to each connected channel.
 */
export function ChannelList({
  channel,
  empty,
  extra,
}: {
  channel: Service['channel'];
  empty: string;
  extra?: (service: Service) => ReactNode;
}) {
  return (
    <ServiceList
      channel={channel}
      empty={empty}
      testId="channel-list"
      emptyTestId="channel-list-empty"
      row={(service) => (
        <ChannelCard
          key={service._id}
          service={service}
          extra={service.state === 'connected' ? extra?.(service) : undefined}
        />
      )}
    />
  );
}
