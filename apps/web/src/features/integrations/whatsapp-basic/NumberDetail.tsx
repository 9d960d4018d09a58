import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { WabasicStatus } from '@sapa/contracts';
import {
  IconAlertTriangle,
  IconLinkOff,
  IconPlugConnected,
  IconQrcode,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { errorText } from '../../shared/forms';
import { translateServiceMessage } from '../messages';
import { useLinkNumber, useUnlinkNumber } from './api';
import { GroupChatsSwitch } from './GroupChatsSwitch';
import { LinkedFacts } from './LinkedFacts';
import { LinkPanel } from './LinkPanel';

function useRelink(channel: string) {
  const link = useLinkNumber();
  const start = async () => {
    try {
      await link.mutateAsync({ channel });
    } catch (failure) {
      notifyError(translateServiceMessage(errorText(failure)));
    }
  };
  return { start, pending: link.isPending };
}

/** What one linked number shows for each state, with the action that state calls for. */
export function NumberDetail({ channel, status }: { channel: string; status: WabasicStatus }) {
  const { t } = useTranslation('integrations');
  const relink = useRelink(channel);
  const unlink = useUnlinkNumber();
  const [confirming, setConfirming] = useState(false);

  const relinkButton = (label: string, color?: string) => (
    <Button
      leftSection={<IconQrcode size={18} />}
      color={color}
      loading={relink.pending}
      onClick={() => void relink.start()}
      data-testid="wabasic-relink"
    >
      {label}
    </Button>
  );

  const doUnlink = async () => {
    try {
      await unlink.mutateAsync(channel);
      setConfirming(false);
      notifySuccess(t('wabasic.unlink.done', { name: status.name ?? '' }));
    } catch (failure) {
      notifyError(translateServiceMessage(errorText(failure)));
    }
  };

  switch (status.state) {
    case 'linking':
      return <LinkPanel channel={channel} />;
    case 'unlinked':
    case 'qr_expired':
      return (
        <Stack gap="md" align="flex-start" data-testid="wabasic-not-linked">
          <Text size="sm">
            {t(
              status.state === 'qr_expired'
                ? 'wabasic.detail.qrExpired'
                : 'wabasic.detail.unlinked',
            )}
          </Text>
          {relinkButton(
            t(status.state === 'qr_expired' ? 'wabasic.actions.newQr' : 'wabasic.actions.link'),
          )}
        </Stack>
      );
    case 'logged_out':
      return (
        <Stack gap="md">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title={t('wabasic.attention.title')}
            data-testid="wabasic-attention"
          >
            <Text size="sm">{t('wabasic.attention.body')}</Text>
            <Group mt="sm">{relinkButton(t('wabasic.actions.relink'), 'red')}</Group>
          </Alert>
          <LinkedFacts channel={channel} status={status} />
          <GroupChatsSwitch channel={channel} status={status} />
        </Stack>
      );
    case 'connecting':
      return (
        <Center py="xl" data-testid="wabasic-connecting">
          <Stack align="center" gap="xs">
            <Loader />
            <Text size="sm" c="dimmed" ta="center" maw={380}>
              {t('wabasic.detail.connecting')}
            </Text>
          </Stack>
        </Center>
      );
    case 'reconnecting':
    case 'connected':
      return (
        <Stack gap="md">
          {status.state === 'reconnecting' ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconRefresh size={20} />}
              title={t('wabasic.detail.reconnectingTitle')}
              data-testid="wabasic-reconnecting"
            >
              {t('wabasic.detail.reconnecting')}
            </Alert>
          ) : (
            <Alert
              color="green"
              variant="light"
              icon={<IconPlugConnected size={20} />}
              data-testid="wabasic-connected"
            >
              {t('wabasic.detail.connected')}
            </Alert>
          )}
          <LinkedFacts channel={channel} status={status} />
          <GroupChatsSwitch channel={channel} status={status} />
          <Group>
            <Button
              variant="default"
              color="red"
              leftSection={<IconLinkOff size={18} />}
              onClick={() => setConfirming(true)}
              data-testid="wabasic-unlink"
            >
              {t('wabasic.unlink.action')}
            </Button>
          </Group>
          <ConfirmDialog
            opened={confirming}
            title={t('wabasic.unlink.title')}
            body={t('wabasic.unlink.body')}
            confirmLabel={t('wabasic.unlink.confirm')}
            danger
            loading={unlink.isPending}
            onConfirm={() => void doUnlink()}
            onClose={() => setConfirming(false)}
          />
        </Stack>
      );
  }
}
