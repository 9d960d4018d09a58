import { useCallback, useEffect, useState } from 'react';
import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENT_EVENTS } from '@sapa/contracts';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { useSession } from '../../app/session';
import { message } from '../../lib/messages';
import { connectSocket, emitWithAck, setActiveChat } from '../../lib/socket';
import { getChatState, setChatState } from '../../lib/storage';
import { useChatList } from './api';
import {
  ASSIGNEES,
  DEFAULT_CHAT_FILTER,
  findChat,
  inboxKeys,
  patchChat,
  type Assignee,
  type ChatPages,
} from './cache';
import { ChatList } from './components/ChatList';
import { Conversation } from './components/Conversation';
import classes from './components/inbox.module.css';

/** Spec §2 leaves the value open; below this the inbox shows one pane at a time. */
export const SMALL_SCREEN_QUERY = '(max-width: 767px)';

const chatStateSchema = z.object({ assignee: z.enum(ASSIGNEES) });

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
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');

  // Spec §6: allChat makes ALL the default view, otherwise MINE; a choice made here sticks.
  const [assignee, setAssignee] = useState<Assignee>(
    () => getChatState(chatStateSchema)?.assignee ?? (user?.allChat ? 'ALL' : 'MINE'),
  );
  const [searchInput, setSearchInput] = useState('');
  const [searchText] = useDebouncedValue(searchInput, 300);
  const filter = { ...DEFAULT_CHAT_FILTER, assignee, searchText };
  const list = useChatList(filter);

  useEffect(() => {
    connectSocket({ queryClient, userId: user?._id ?? null });
  }, [queryClient, user?._id]);

  useEffect(() => {
    setActiveChat(selectedId);
    return () => setActiveChat(null);
  }, [selectedId]);

  // Opening a chat tells the server it was read (spec §7 openChat); its answer is the chat.
  const opened = useQuery({
    queryKey: inboxKeys.opened(selectedId),
    queryFn: () => emitWithAck(CLIENT_EVENTS.openChat, { chatId: selectedId ?? '' }),
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

  const select = useCallback(
    (chatId: string) => {
      // Opening from the list on a phone pushes history, so the back button returns to it.
      setParams({ id: chatId }, { replace: !small && selectedId !== null });
    },
    [setParams, small, selectedId],
  );
  const back = useCallback(() => setParams({}), [setParams]);

  const changeAssignee = (value: Assignee) => {
    setAssignee(value);
    setChatState({ assignee: value });
  };

  const chat = selectedId ? (findChat(list.data, selectedId) ?? opened.data ?? null) : null;

  let right;
  if (!selectedId) right = <EmptyConversation />;
  else if (chat) right = <Conversation chat={chat} {...(small ? { onBack: back } : {})} />;
  else if (opened.isError) {
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

  const showList = !small || !selectedId;
  const showConversation = !small || selectedId !== null;

  return (
    <div className={classes.page} data-layout={small ? 'single' : 'split'}>
      {showList && (
        <ChatList
          filter={filter}
          searchInput={searchInput}
          onSearchInput={setSearchInput}
          onAssignee={changeAssignee}
          selectedId={selectedId}
          onSelect={select}
        />
      )}
      {showConversation && <div className={classes.conversationPane}>{right}</div>}
    </div>
  );
}
