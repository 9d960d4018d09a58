import { Paper, Switch, Text } from '@mantine/core';
import type { WabasicStatus } from '@sapa/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { errorText } from '../../shared/forms';
import { translateServiceMessage } from '../messages';
import { useSetGroupChats } from './api';

/**
 * Group chats on a linked number: off by default (spec: ignored unless the admin turns them
 * on). The server applies it from the next message; nothing said in groups before is fetched.
 */
export function GroupChatsSwitch({ channel, status }: { channel: string; status: WabasicStatus }) {
  const { t } = useTranslation('integrations');
  const groups = useSetGroupChats();
  const toggle = async (enabled: boolean) => {
    try {
      await groups.mutateAsync({ channel, enabled });
      notifySuccess(t(enabled ? 'wabasic.groups.turnedOn' : 'wabasic.groups.turnedOff'));
    } catch (failure) {
      notifyError(translateServiceMessage(errorText(failure)));
    }
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="wabasic-groups">
      <Switch
        size="md"
        checked={
          groups.isPending
            ? (groups.variables?.enabled ?? status.includeGroups)
            : status.includeGroups
        }
        disabled={groups.isPending}
        onChange={(e) => void toggle(e.currentTarget.checked)}
        label={
          <Text fw={600} size="sm">
            {t('wabasic.groups.label')}
          </Text>
        }
        description={t('wabasic.groups.description')}
        data-testid="wabasic-groups-switch"
      />
    </Paper>
  );
}
