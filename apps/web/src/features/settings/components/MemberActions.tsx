import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconMailForward,
  IconPencil,
  IconPlayerPlay,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@sapa/contracts';

export type MemberCommand = 'edit' | 'resend' | 'deactivate' | 'reactivate';

/** The row menu; an admin cannot deactivate themselves (they would lock the account out). */
export function MemberActions({
  user,
  isMe,
  onCommand,
}: {
  user: User;
  isMe: boolean;
  onCommand: (command: MemberCommand, user: User) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.more')}
          data-testid={`member-menu-${user.email}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onCommand('edit', user)}>
          {t('team.edit')}
        </Menu.Item>
        {user.status === 'invited' && (
          <Menu.Item
            leftSection={<IconMailForward size={16} />}
            onClick={() => onCommand('resend', user)}
          >
            {t('team.resend')}
          </Menu.Item>
        )}
        {user.status === 'deactivated' ? (
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() => onCommand('reactivate', user)}
          >
            {t('team.reactivate')}
          </Menu.Item>
        ) : (
          !isMe && (
            <Menu.Item
              color="red"
              leftSection={<IconUserOff size={16} />}
              onClick={() => onCommand('deactivate', user)}
            >
              {t('team.deactivate')}
            </Menu.Item>
          )
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
