import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Collapse,
  Divider,
  Group,
  Menu,
  Stack,
  Text,
} from '@mantine/core';
import type { WebhookEndpoint } from '@sapa/contracts';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconDots,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { formatLogTime } from '../logTime';
import { useLatestDelivery } from '../api';
import classes from '../webhooks.module.css';
import { DeliveryLog } from './DeliveryLog';
import { DeliveryStateBadge } from './DeliveryStateBadge';

export type EndpointAction = 'edit' | 'toggle' | 'rotate' | 'delete';

function LastDelivery({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('webhooks');
  const latest = useLatestDelivery(endpointId);
  const delivery = latest.data;
  return (
    <Group gap={6} wrap="wrap" data-testid="endpoint-last-delivery">
      <Text size="sm" c="dimmed">
        {t('lastDelivery')}:
      </Text>
      {delivery ? (
        <>
          <Text size="sm">{formatLogTime(delivery.createdAt)}</Text>
          <Text size="sm" ff="monospace" c="dimmed">
            {delivery.eventType}
          </Text>
          <DeliveryStateBadge delivery={delivery} />
        </>
      ) : (
        <Text size="sm">{latest.isPending ? '…' : t('never')}</Text>
      )}
    </Group>
  );
}

interface EndpointCardProps {
  endpoint: WebhookEndpoint;
  onAction: (action: EndpointAction, endpoint: WebhookEndpoint) => void;
}

/** One endpoint: where it points, what it gets, whether it works, and its delivery log. */
export function EndpointCard({ endpoint, onAction }: EndpointCardProps) {
  const { t } = useTranslation('webhooks');
  const [open, setOpen] = useState(false);
  const reason = endpoint.disabledReason;
  return (
    <Card
      data-testid="webhook-endpoint"
      data-url={endpoint.url}
      data-enabled={String(endpoint.enabled)}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" mb={4}>
              <Badge
                variant="dot"
                color={endpoint.enabled ? 'green' : 'red'}
                data-testid="endpoint-state"
              >
                {endpoint.enabled ? t('state.active') : t('state.disabled')}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('created', { date: formatDate(endpoint.createdAt) })}
              </Text>
            </Group>
            <Text ff="monospace" fw={600} className={classes.url} data-testid="endpoint-url">
              {endpoint.url}
            </Text>
          </div>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('menu.label')}
                data-testid="endpoint-menu"
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={16} />}
                onClick={() => onAction('edit', endpoint)}
                data-testid="endpoint-edit"
              >
                {t('menu.edit')}
              </Menu.Item>
              <Menu.Item
                leftSection={
                  endpoint.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />
                }
                onClick={() => onAction('toggle', endpoint)}
                data-testid="endpoint-toggle"
              >
                {endpoint.enabled ? t('menu.disable') : t('menu.enable')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconKey size={16} />}
                onClick={() => onAction('rotate', endpoint)}
                data-testid="endpoint-rotate"
              >
                {t('menu.rotate')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onAction('delete', endpoint)}
                data-testid="endpoint-delete"
              >
                {t('menu.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {!endpoint.enabled && reason && (
          <Alert
            variant="light"
            color={reason === 'manual' ? 'gray' : 'red'}
            icon={<IconAlertTriangle size={18} />}
            p="xs"
            data-testid="endpoint-disabled-reason"
          >
            <Text size="sm">{t(`disabledReason.${reason}`)}</Text>
          </Alert>
        )}
        {endpoint.previousSecretExpiresAt &&
          new Date(endpoint.previousSecretExpiresAt).getTime() > Date.now() && (
            <Group gap={6} c="dimmed" data-testid="endpoint-secret-overlap">
              <IconKey size={14} />
              <Text size="sm">
                {t('secret.overlap', { at: formatLogTime(endpoint.previousSecretExpiresAt) })}
              </Text>
            </Group>
          )}
        <Group gap={6} wrap="wrap" data-testid="endpoint-events">
          {endpoint.events.map((type) => (
            <Badge key={type} variant="light" color="gray" radius="sm" tt="none" ff="monospace">
              {type}
            </Badge>
          ))}
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <LastDelivery endpointId={endpoint.id} />
          <Button
            variant="subtle"
            size="compact-sm"
            rightSection={open ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            data-testid="endpoint-deliveries-toggle"
          >
            {open ? t('deliveries.hide') : t('deliveries.show')}
          </Button>
        </Group>
        <Collapse in={open}>
          {open && (
            <>
              <Divider mb="md" />
              <DeliveryLog endpointId={endpoint.id} canSend={endpoint.enabled} />
            </>
          )}
        </Collapse>
      </Stack>
    </Card>
  );
}
