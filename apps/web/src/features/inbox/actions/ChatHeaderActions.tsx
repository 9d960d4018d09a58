import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Popover,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CHAT_FLAGS, type Chat } from '@sapa/contracts';
import {
  IconArchive,
  IconArchiveOff,
  IconBan,
  IconCircleCheck,
  IconDotsVertical,
  IconLockOpen,
  IconTag,
  IconUserShare,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AssignModal } from './AssignModal';
import { ConfirmDialog } from './ConfirmDialog';
import { FlagIcon } from './FlagIcon';
import { LabelsPanel } from './LabelsPanel';
import { useChatActions } from './useChatActions';

/** Below this the header shows a single menu instead of a row of buttons. */
export const COMPACT_ACTIONS_QUERY = '(max-width: 767px)';

/**
 * The conversation header's actions (spec §2, §5): assign, labels, flag, resolve, archive,
 * block. Each result lands in the chat lists at once through the shared cache reducers.
 */
export function ChatHeaderActions({ chat }: { chat: Chat }) {
  const { t } = useTranslation('chatActions');
  const compact = useMediaQuery(COMPACT_ACTIONS_QUERY) ?? false;
  const actions = useChatActions(chat);
  const [assignOpen, setAssignOpen] = useState(false);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const canManageLabels = actions.user?.role === 'admin' || actions.user?.role === 'supervisor';
  // Spec §4: resolving sets gray; a gray chat has no open ticket to resolve.
  const canResolve = chat.flag !== 'gray' && !chat.blocked;

  const labelsPanel = (
    <LabelsPanel
      chat={chat}
      canManage={canManageLabels}
      saving={actions.savingLabels}
      onChange={actions.doLabels}
    />
  );

  const flagItems = CHAT_FLAGS.map((flag) => (
    <Menu.Item
      key={flag}
      leftSection={<FlagIcon flag={flag} size={16} />}
      onClick={() => actions.doFlag(flag)}
      fw={flag === chat.flag ? 650 : undefined}
      data-testid={`flag-${flag}`}
    >
      {t(`flag.${flag}`)}
    </Menu.Item>
  ));

  const stateItems = (
    <>
      {chat.isArchive ? (
        <Menu.Item
          leftSection={<IconArchiveOff size={16} />}
          onClick={() => actions.ask('unarchive')}
          data-testid="action-unarchive"
        >
          {t('unarchive.action')}
        </Menu.Item>
      ) : (
        <Menu.Item
          leftSection={<IconArchive size={16} />}
          onClick={() => actions.ask('archive')}
          data-testid="action-archive"
        >
          {t('archive.action')}
        </Menu.Item>
      )}
      {chat.blocked ? (
        <Menu.Item
          leftSection={<IconLockOpen size={16} />}
          onClick={() => actions.ask('unblock')}
          data-testid="action-unblock"
        >
          {t('unblock.action')}
        </Menu.Item>
      ) : (
        <Menu.Item
          color="red"
          leftSection={<IconBan size={16} />}
          onClick={() => actions.ask('block')}
          data-testid="action-block"
        >
          {t('block.action')}
        </Menu.Item>
      )}
    </>
  );

  const dialogs = (
    <>
      <ConfirmDialog
        request={actions.confirm}
        loading={actions.confirming}
        onConfirm={actions.runConfirmed}
        onCancel={actions.cancelConfirm}
      />
      {assignOpen && (
        <AssignModal
          chat={chat}
          opened={assignOpen}
          loading={actions.assigning}
          onClose={() => setAssignOpen(false)}
          onAssign={(choice) => actions.doAssign(choice, () => setAssignOpen(false))}
        />
      )}
    </>
  );

  const badges = (
    <>
      {chat.blocked && (
        <Badge color="red" variant="light" size="sm" data-testid="chat-blocked-badge">
          {t('badges.blocked')}
        </Badge>
      )}
      {chat.isArchive && (
        <Badge color="gray" variant="light" size="sm" data-testid="chat-archived-badge">
          {t('badges.archived')}
        </Badge>
      )}
    </>
  );

  if (compact) {
    return (
      <Group gap={4} wrap="nowrap" data-testid="chat-actions" data-compact="true">
        <FlagIcon flag={chat.flag} size={16} />
        <Menu position="bottom-end" shadow="md" width={230} withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('menu')}
              data-testid="chat-actions-menu"
            >
              <IconDotsVertical size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canResolve && (
              <Menu.Item
                color="teal"
                leftSection={<IconCircleCheck size={16} />}
                onClick={() => actions.ask('resolve')}
                data-testid="action-resolve"
              >
                {t('resolve.action')}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconUserShare size={16} />}
              onClick={() => setAssignOpen(true)}
              data-testid="action-assign"
            >
              {chat.agentId ? t('assign.reassign') : t('assign.action')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTag size={16} />}
              onClick={() => setLabelsOpen(true)}
              data-testid="action-labels"
            >
              {t('labels.action')}
            </Menu.Item>
            <Menu.Label>{t('flag.title')}</Menu.Label>
            {flagItems}
            <Menu.Divider />
            {stateItems}
          </Menu.Dropdown>
        </Menu>
        <Modal
          opened={labelsOpen}
          onClose={() => setLabelsOpen(false)}
          title={<Text fw={650}>{t('labels.title')}</Text>}
          centered
          radius="md"
        >
          {labelsPanel}
        </Modal>
        {dialogs}
      </Group>
    );
  }

  return (
    <Group gap={4} wrap="nowrap" data-testid="chat-actions">
      {badges}
      <Popover
        opened={labelsOpen}
        onChange={setLabelsOpen}
        position="bottom-end"
        width={260}
        shadow="md"
        trapFocus
        withinPortal
      >
        <Popover.Target>
          <Tooltip label={t('labels.action')} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setLabelsOpen((o) => !o)}
              aria-label={t('labels.action')}
              data-testid="action-labels"
            >
              <IconTag size={19} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown>{labelsPanel}</Popover.Dropdown>
      </Popover>
      <Menu position="bottom-end" shadow="md" width={180} withinPortal>
        <Menu.Target>
          <Tooltip label={t('flag.title')} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              loading={actions.flagging}
              aria-label={t('flag.current', { flag: t(`flag.${chat.flag}`) })}
              data-testid="action-flag"
              data-flag={chat.flag}
            >
              <FlagIcon flag={chat.flag} size={18} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>{flagItems}</Menu.Dropdown>
      </Menu>
      <Tooltip label={chat.agentId ? t('assign.reassign') : t('assign.action')} openDelay={400}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setAssignOpen(true)}
          aria-label={chat.agentId ? t('assign.reassign') : t('assign.action')}
          data-testid="action-assign"
        >
          <IconUserShare size={19} />
        </ActionIcon>
      </Tooltip>
      {canResolve && (
        <Button
          size="xs"
          variant="light"
          color="teal"
          leftSection={<IconCircleCheck size={16} />}
          onClick={() => actions.ask('resolve')}
          data-testid="action-resolve"
          ml={4}
        >
          {t('resolve.action')}
        </Button>
      )}
      <Menu position="bottom-end" shadow="md" width={200} withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('menu')}
            data-testid="chat-actions-menu"
          >
            <IconDotsVertical size={19} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>{stateItems}</Menu.Dropdown>
      </Menu>
      {dialogs}
    </Group>
  );
}
