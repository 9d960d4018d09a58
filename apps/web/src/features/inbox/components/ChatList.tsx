import { Button, Center, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconMessages, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message } from '../../../lib/messages';
import { notifyError } from '../../../lib/notify';
import { useChatList } from '../api';
import { ASSIGNEES, type Assignee, type ChatFilter } from '../cache';
import { ChatRow } from './ChatRow';
import classes from './inbox.module.css';

interface ChatListProps {
  filter: ChatFilter;
  searchInput: string;
  onSearchInput: (value: string) => void;
  onAssignee: (value: Assignee) => void;
  selectedId: string | null;
  onSelect: (chatId: string) => void;
}

/** Left pane: search, the ALL / MINE / UNASSIGNED switch and the chats, newest first. */
export function ChatList({
  filter,
  searchInput,
  onSearchInput,
  onAssignee,
  selectedId,
  onSelect,
}: ChatListProps) {
  const { t } = useTranslation('inbox');
  const query = useChatList(filter);
  const chats = query.data?.pages.flatMap((p) => p.data) ?? [];

  const loadMore = () => {
    query.fetchNextPage().then(
      (result) => {
        if (result.isFetchNextPageError) notifyError(message('loadMoreChatsFailed'));
      },
      () => notifyError(message('loadMoreChatsFailed')),
    );
  };

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Stack align="center" gap="xs" py="xl" px="md" ta="center">
        <Text size="sm" c="red.7" data-testid="chat-list-error">
          {message('serverNotResponding')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  } else if (chats.length === 0) {
    body = (
      <Stack align="center" gap={6} py={48} px="md" ta="center" data-testid="chat-list-empty">
        <IconMessages size={32} stroke={1.4} color="var(--mantine-color-gray-5)" />
        <Text size="sm" fw={600}>
          {filter.searchText.trim() ? t('list.noResults') : t('list.empty')}
        </Text>
        <Text size="xs" c="dimmed">
          {filter.searchText.trim() ? t('list.noResultsHint') : t('list.emptyHint')}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <>
        {chats.map((chat) => (
          <ChatRow
            key={chat._id}
            chat={chat}
            selected={chat._id === selectedId}
            onSelect={onSelect}
          />
        ))}
        {query.hasNextPage && (
          <Center py="sm">
            <Button
              variant="subtle"
              size="xs"
              loading={query.isFetchingNextPage}
              onClick={loadMore}
              data-testid="chat-list-more"
            >
              {t('list.loadMore')}
            </Button>
          </Center>
        )}
      </>
    );
  }

  return (
    <div className={classes.listPane}>
      <Stack gap="sm" p="md" pb="sm" className={classes.listHeader}>
        <Text fw={700} size="lg">
          {t('title')}
        </Text>
        <TextInput
          value={searchInput}
          onChange={(e) => onSearchInput(e.currentTarget.value)}
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          leftSection={<IconSearch size={16} stroke={1.6} />}
          data-testid="chat-search"
          radius="md"
        />
        <SegmentedControl
          fullWidth
          size="xs"
          value={filter.assignee}
          onChange={(value) => onAssignee(value as Assignee)}
          data={ASSIGNEES.map((a) => ({ value: a, label: t(`assignee.${a}`) }))}
          data-testid="chat-assignee"
        />
      </Stack>
      <div className={classes.listScroll} data-testid="chat-list">
        {body}
      </div>
    </div>
  );
}
