import { useCallback, useEffect, useMemo, useState } from 'react';
import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_EVENTS } from '@sapa/contracts';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { message } from '../../lib/messages';
import { emitWithAck, setActiveChat } from '../../lib/socket';
import { prefetchMessages, searchKeys } from './api';
import { inboxKeys, patchChat, type Assignee, type ChatFilter, type ChatPages } from './cache';
import { ChatList } from './components/ChatList';
import classes from './components/chatList.module.css';
import { Conversation } from './components/Conversation';
import {
  DEFAULT_LIST_FILTERS,
  initialAssignee,
  initialFilters,
  readChatState,
  updateChatState,
  type ListFilters,
} from './filters';
import { useChatListState } from './useChatListState';
import { useInboxNotifications } from './useInboxNotifications';
import { useListKeys } from './useListKeys';
import { usePickedChat } from './usePickedChat';

/** Spec §2 leaves the value open; below this the inbox shows one pane at a time. */
export const SMALL_SCREEN_QUERY = '(max-width: 767px)';

/** Typing pauses this long before a search goes out. */
const SEARCH_DEBOUNCE_MS = 300;

function EmptyConversation() {
  const { t } = useTranslation('inbox');
  return (
    <Center h="100%" p="xl" data-testid="conversation-empty">
      <Stack align="center" gap="xs" ta="center" maw={320}>
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconMessageCircle size={36} stroke={1.4} />
        </ThemeIcon>
        <Title order={3} mt="sm">
          {t('empty.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('empty.subtitle')}
        </Text>
      </Stack>
    </Center>
  );
}

/** /chat: the chat list and the open conversation, side by side or one at a time on phones. */
export function ChatPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const small = useMediaQuery(SMALL_SCREEN_QUERY) ?? false;
  const { selectedId, selectedMessageId, select, openMessage, back } = usePickedChat(small);

  // Spec §3: the view (assignment and filters) is chat state, kept in local storage.
  const [assignee, setAssignee] = useState<Assignee>(() =>
    initialAssignee(readChatState(), user?.allChat),
  );
  const [filters, setFilters] = useState<ListFilters>(() => initialFilters(readChatState()));
  const [searchInput, setSearchInput] = useState('');
  const [debounced] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // Clearing the box is not a search: the list comes back at once, without the debounce.
  const searchText = searchInput.trim() === '' ? '' : debounced;
  const filter = useMemo<ChatFilter>(
    () => ({ ...filters, assignee, searchText }),
    [filters, assignee, searchText],
  );
  const list = useChatListState(filter);

  useEffect(() => {
    setActiveChat(selectedId);
    return () => setActiveChat(null);
  }, [selectedId]);

  // Opening a chat tells the server it was read (spec §7 openChat); its answer is the chat.
  const opened = useQuery({
    queryKey: inboxKeys.opened(selectedId),
    queryFn: async () => {
      const chat = await emitWithAck(CLIENT_EVENTS.openChat, { chatId: selectedId ?? '' });
      // Reading it changed the unread count in the tab title.
      void queryClient.invalidateQueries({ queryKey: searchKeys.unread() });
      return chat;
    },
    enabled: selectedId !== null,
    staleTime: Infinity,
    retry: 1,
  });

  useEffect(() => {
    if (!selectedId) return;
    for (const [key] of queryClient.getQueriesData<ChatPages>({
      queryKey: inboxKeys.chatLists(),
    })) {
      queryClient.setQueryData<ChatPages>(key, (data) =>
        patchChat(data, selectedId, { unreadCount: 0 }),
      );
    }
  }, [selectedId, queryClient]);

  const prefetch = useCallback(
    (chatId: string) => void prefetchMessages(queryClient, chatId),
    [queryClient],
  );

  const changeAssignee = useCallback((value: Assignee) => {
    setAssignee(value);
    updateChatState({ assignee: value });
  }, []);
  const changeFilters = useCallback((next: ListFilters) => {
    setFilters(next);
    updateChatState({ filters: next });
  }, []);
  const resetFilters = useCallback(() => changeFilters(DEFAULT_LIST_FILTERS), [changeFilters]);

  const showList = !small || !selectedId;
  const chatIds = useMemo(() => list.chats.map((c) => c._id), [list.chats]);
  useListKeys({
    // On a phone the list is not on screen while a chat is open; keys then belong to the chat.
    ids: showList ? chatIds : [],
    selectedId,
    onSelect: select,
    onEscape: searchInput ? () => setSearchInput('') : null,
  });

  useInboxNotifications({ openChatId: selectedId, onOpen: select });

  const chat = selectedId
    ? (list.chats.find((c) => c._id === selectedId) ?? opened.data ?? null)
    : null;

  let right;
  if (!selectedId) right = <EmptyConversation />;
  else if (chat) {
    right = (
      <Conversation
        chat={chat}
        targetMessageId={selectedMessageId}
        {...(small ? { onBack: back } : {})}
      />
    );
  } else if (opened.isError) {
    right = (
      <Center h="100%">
        <Text c="dimmed">{message('noActiveChatroom')}</Text>
      </Center>
    );
  } else {
    right = (
      <Center h="100%">
        <Loader size="sm" />
      </Center>
    );
  }

  const showConversation = !small || selectedId !== null;

  return (
    <div className={classes.page} data-layout={small ? 'single' : 'split'} data-testid="chat-page">
      {showList && (
        <ChatList
          filter={filter}
          list={list}
          filters={filters}
          onFilters={changeFilters}
          onResetFilters={resetFilters}
          onAssignee={changeAssignee}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          selectedId={selectedId}
          selectedMessageId={selectedMessageId}
          onSelect={select}
          onPrefetch={prefetch}
          onOpenMessage={openMessage}
          small={small}
        />
      )}
      {showConversation && <div className={classes.conversationPane}>{right}</div>}
    </div>
  );
}
