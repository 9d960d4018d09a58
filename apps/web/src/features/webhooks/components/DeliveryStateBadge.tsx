import { Badge } from '@mantine/core';
import type { WebhookDelivery } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';

type Shown = 'pending' | 'retrying' | 'delivered' | 'failed';

const COLORS: Record<Shown, string> = {
  pending: 'blue',
  retrying: 'orange',
  delivered: 'green',
  failed: 'red',
};

/** A pending delivery that was already tried is waiting for its next retry: say so. */
export function shownState(delivery: Pick<WebhookDelivery, 'state' | 'attempts'>): Shown {
  return delivery.state === 'pending' && delivery.attempts > 0 ? 'retrying' : delivery.state;
}

export function DeliveryStateBadge({
  delivery,
}: {
  delivery: Pick<WebhookDelivery, 'state' | 'attempts'>;
}) {
  const { t } = useTranslation('webhooks');
  const state = shownState(delivery);
  return (
    <Badge
      variant="light"
      color={COLORS[state]}
      radius="sm"
      data-testid="delivery-state"
      data-state={delivery.state}
    >
      {t(`deliveries.state.${state}`)}
    </Badge>
  );
}
