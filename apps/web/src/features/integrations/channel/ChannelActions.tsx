/**
 * A channel's actions: edit credentials, disconnect, reconnect and delete. The card shows the
 * menu in its header and the step its state calls for (fix the token, reconnect) in its alert.
 */
import { useState } from 'react';
import { ActionIcon, Button, Menu } from '@mantine/core';
import type { Service } from '@sapa/contracts';
import {
  IconDots,
  IconKey,
  IconPlugConnected,
  IconPlugConnectedX,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorText } from '../../shared/forms';
import { useDeleteService, useDisconnectService, useReconnectService } from '../api';
import { translateServiceMessage } from '../messages';
import { EditChannelModal } from './EditChannelModal';

type Dialog = 'edit' | 'disconnect' | 'delete' | null;

export type ChannelActionsState = ReturnType<typeof useChannelActions>;

/** What one channel's actions share: the open dialog and the mutations behind them. */
export function useChannelActions(service: Service) {
  const { t } = useTranslation('integrations');
  const [dialog, setDialog] = useState<Dialog>(null);
  const disconnect = useDisconnectService();
  const reconnect = useReconnectService();
  const remove = useDeleteService();
  const failed = (error: unknown) => notifyError(translateServiceMessage(errorText(error)));
  return {
    service,
    dialog,
    setDialog,
    disconnect,
    reconnect,
    remove,
    doDisconnect: () =>
      disconnect.mutate(service._id, {
        onSuccess: (next) => {
          setDialog(null);
          notifySuccess(t('manage.disconnect.done', { name: next.name }));
        },
        onError: failed,
      }),
    doReconnect: () =>
      reconnect.mutate(service._id, {
        onSuccess: (next) => notifySuccess(t('manage.reconnect.done', { name: next.name })),
        onError: failed,
      }),
    doDelete: () =>
      remove.mutate(service._id, {
        onSuccess: () => {
          setDialog(null);
          notifySuccess(t('manage.delete.done', { name: service.name }));
        },
        onError: failed,
      }),
  };
}

/** The "…" menu: edit credentials, disconnect or reconnect, delete (only once disconnected). */
export function ChannelMenu({ actions }: { actions: ChannelActionsState }) {
  const { t } = useTranslation('integrations');
  const { service, setDialog } = actions;
  const off = service.state === 'disconnected';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('manage.menu', { name: service.name })}
          data-testid="channel-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A number linked by QR code has no token to edit: its page links it again. */}
        {service.channel !== 'whatsapp_basic' && (
          <Menu.Item
            leftSection={<IconKey size={14} />}
            onClick={() => setDialog('edit')}
            data-testid="channel-edit"
          >
            {t('manage.edit.action')}
          </Menu.Item>
        )}
        {off ? (
          <Menu.Item
            leftSection={<IconPlugConnected size={14} />}
            onClick={actions.doReconnect}
            data-testid="channel-reconnect-item"
          >
            {t('manage.reconnect.action')}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconPlugConnectedX size={14} />}
            onClick={() => setDialog('disconnect')}
            data-testid="channel-disconnect"
          >
            {t('manage.disconnect.action')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          disabled={!off}
          onClick={() => setDialog('delete')}
          data-testid="channel-delete"
        >
          {off ? t('manage.delete.action') : t('manage.delete.disconnectFirst')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The main step a channel's state calls for, shown in its alert: fix the token, or reconnect. */
export function ChannelFixButton({ actions }: { actions: ChannelActionsState }) {
  const { t } = useTranslation('integrations');
  if (actions.service.state === 'disconnected')
    return (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPlugConnected size={14} />}
        loading={actions.reconnect.isPending}
        onClick={actions.doReconnect}
        data-testid="channel-reconnect"
      >
        {t('manage.reconnect.action')}
      </Button>
    );
  return (
    <Button
      size="xs"
      color="red"
      leftSection={<IconKey size={14} />}
      onClick={() => actions.setDialog('edit')}
      data-testid="channel-fix"
    >
      {t('manage.edit.action')}
    </Button>
  );
}

/** The edit form and the two confirmations, asked before what is hard to undo. */
export function ChannelDialogs({ actions }: { actions: ChannelActionsState }) {
  const { t } = useTranslation('integrations');
  const { service, dialog, setDialog } = actions;
  return (
    <>
      <EditChannelModal
        key={service._id}
        service={service}
        opened={dialog === 'edit'}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'disconnect'}
        title={t('manage.disconnect.title', { name: service.name })}
        body={t('manage.disconnect.body')}
        confirmLabel={t('manage.disconnect.confirm')}
        danger
        loading={actions.disconnect.isPending}
        onConfirm={actions.doDisconnect}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('manage.delete.title', { name: service.name })}
        body={t('manage.delete.body')}
        confirmLabel={t('manage.delete.confirm')}
        danger
        loading={actions.remove.isPending}
        onConfirm={actions.doDelete}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
