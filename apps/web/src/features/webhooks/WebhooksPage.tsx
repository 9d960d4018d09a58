import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@sapa/contracts';
import { IconInfoCircle, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { errorText } from '../shared/forms';
import { PageHeader } from '../shared/PageHeader';
import { EmptyState, QueryState } from '../shared/QueryState';
import { useDeleteEndpoint, useRotateSecret, useUpdateEndpoint, useWebhookEndpoints } from './api';
import { EndpointCard, type EndpointAction } from './components/EndpointCard';
import { EndpointModal } from './components/EndpointModal';
import { SecretModal } from './components/SecretModal';

interface ShownSecret {
  kind: 'created' | 'rotated';
  url: string;
  secret: string;
}

/** /setting/webhooks: the account's outbound webhook endpoints and what was delivered to them. */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const { user, settings } = useSession();
  // The server allows admins only; others get an explanation instead of failing calls.
  const isAdmin = user?.role === 'admin';
  const endpoints = useWebhookEndpoints(isAdmin);
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const switchedOff = settings.enable_webhook !== 'true';

  const openForm = (endpoint: WebhookEndpoint | null) => {
    setEditing(endpoint);
    setFormOpen(true);
  };
  const showSecret = (kind: ShownSecret['kind'], answer: WebhookEndpointWithSecret) =>
    setSecret({ kind, url: answer.url, secret: answer.secret });

  const onAction = (action: EndpointAction, endpoint: WebhookEndpoint) => {
    if (action === 'edit') openForm(endpoint);
    else if (action === 'rotate') setRotating(endpoint);
    else if (action === 'delete') setDeleting(endpoint);
    else
      update.mutate(
        { id: endpoint.id, body: { enabled: !endpoint.enabled } },
        {
          onSuccess: (saved) =>
            notifySuccess(saved.enabled ? t('toggle.enabled') : t('toggle.disabled')),
          onError: (error) => notifyError(errorText(error)),
        },
      );
  };

  const confirmRotate = () => {
    if (!rotating) return;
    rotate.mutate(rotating.id, {
      onSuccess: (answer) => {
        setRotating(null);
        showSecret('rotated', answer);
      },
      onError: (error) => notifyError(errorText(error)),
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('delete.done'));
        setDeleting(null);
      },
      onError: (error) => notifyError(errorText(error)),
    });
  };

  const list = endpoints.data ?? [];
  const addButton = (testId: string) => (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => openForm(null)}
      data-testid={testId}
    >
      {t('add')}
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={isAdmin && addButton('webhook-add')}
      />
      <Stack gap="md">
        {!isAdmin && (
          <Alert variant="light" icon={<IconInfoCircle size={18} />}>
            {t('adminsOnly')}
          </Alert>
        )}
        {isAdmin && switchedOff && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconInfoCircle size={18} />}
            data-testid="webhooks-switched-off"
          >
            <Text size="sm">{t('disabledSetting')}</Text>
            <Anchor component={Link} to="/setting/api" size="sm" fw={600}>
              {t('disabledSettingLink')}
            </Anchor>
          </Alert>
        )}
        {isAdmin && (
          <QueryState query={endpoints} retryLabel={t('retry')}>
            {list.length === 0 ? (
              <EmptyState
                icon={<IconWebhook size={28} stroke={1.5} />}
                title={t('empty.title')}
                text={t('empty.text')}
                action={addButton('webhook-add-first')}
              />
            ) : (
              <Stack gap="md" data-testid="webhook-endpoints">
                {list.map((endpoint) => (
                  <EndpointCard key={endpoint.id} endpoint={endpoint} onAction={onAction} />
                ))}
              </Stack>
            )}
          </QueryState>
        )}
      </Stack>
      <EndpointModal
        opened={formOpen}
        endpoint={editing}
        onClose={() => setFormOpen(false)}
        onCreated={(answer) => showSecret('created', answer)}
      />
      <SecretModal
        secret={secret?.secret ?? null}
        kind={secret?.kind ?? 'created'}
        url={secret?.url ?? ''}
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        opened={rotating !== null}
        title={t('rotate.title')}
        body={t('rotate.body')}
        confirmLabel={t('rotate.confirm')}
        loading={rotate.isPending}
        onConfirm={confirmRotate}
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('delete.title')}
        body={t('delete.body', { url: deleting?.url ?? '' })}
        confirmLabel={t('delete.confirm')}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
