import { useCallback, useMemo } from 'react';
import { Button, Text, UnstyledButton } from '@mantine/core';
import type { Chat, Label, Message } from '@sapa/contracts';
import { IconMessageSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message as specMessage } from '../../../lib/messages';
import { useMessageSearch } from '../api';
import { highlightParts, snippetAround } from '../highlight';
import type { ChatListState } from '../useChatListState';
import { ChannelIcon } from './ChannelIcon';
import { ChatRow, rowTime } from './ChatRow';
import classes from './chatList.module.css';
import rowClasses from './chatRow.module.css';
import { ListEmpty, ListError, ListLoadingMore, ListNote, ListSkeleton } from './ListStates';
import { VirtualRows } from './VirtualRows';

/** Below this many characters a search covers chat names only; one letter matches everything. */
export const MESSAGE_SEARCH_MIN = 2;

/** The text with every match of the search marked. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

function MessageHit({
  hit,
  chat,
  query,
  selected,
  onOpen,
}: {
  hit: Message;
  chat: Chat | null;
  query: string;
  selected: boolean;
  onOpen: (chatId: string, messageId: string) => void;
}) {
  const { t } = useTranslation('inbox');
  const name = chat ? chat.name || chat.identifier : hit.username || t('search.unknownChat');
  return (
    <UnstyledButton
      className={rowClasses.hit}
      data-selected={selected || undefined}
      data-testid="message-hit"
      data-message-id={hit._id}
      data-chat-id={hit.chatId}
      onClick={() => onOpen(hit.chatId, hit._id)}
    >
      <span className={rowClasses.hitIcon}>
        <ChannelIcon channel={hit.channel} label={t(`channels.${hit.channel}`)} size={16} />
      </span>
      <span style={{ flex: 1, minWidth: 0 }}>
        <span className={rowClasses.rowLine}>
          <Text size="sm" fw={600} truncate="end">
            {name}
          </Text>
          <Text size="xs" className={rowClasses.rowTime}>
            {rowTime(hit.createdAt, t('days.yesterday'))}
          </Text>
        </span>
        <span className={rowClasses.snippet} data-testid="message-hit-snippet">
          {hit.fromMe && <span>{t('search.you')} </span>}
          <HighlightedText text={snippetAround(hit.text, query)} query={query} />
        </span>
      </span>
    </UnstyledButton>
  );
}

type Item =
  | { kind: 'section'; key: string; title: string }
  | { kind: 'chat'; key: string; chat: Chat }
  | { kind: 'hit'; key: string; hit: Message; chat: Chat | null }
  | { kind: 'state'; key: string; node: 'loading' | 'more' | 'note' | 'error'; text?: string };

const ROW_HEIGHT: Record<Item['kind'], number> = { section: 38, chat: 86, hit: 74, state: 64 };

interface SearchResultsProps {
  query: string;
  chats: ChatListState;
  labels: ReadonlyMap<string, Label>;
  selectedId: string | null;
  selectedMessageId: string | null;
  onSelect: (chatId: string) => void;
  onOpenMessage: (chatId: string, messageId: string) => void;
}

/**
 * Search (spec §2): the chats whose name or number matches (150 per page), then the messages
 * across the whole history that contain the text (10 per page), the match marked in each.
 */
export function SearchResults({
  query,
  chats,
  labels,
  selectedId,
  selectedMessageId,
  onSelect,
  onOpenMessage,
}: SearchResultsProps) {
  const { t } = useTranslation('inbox');
  const searchMessages = query.length >= MESSAGE_SEARCH_MIN;
  const messages = useMessageSearch(query, searchMessages);

  const items = useMemo<Item[]>(() => {
    const out: Item[] = [{ kind: 'section', key: 's-chats', title: t('search.chats') }];
    if (chats.loading) out.push({ kind: 'state', key: 'c-loading', node: 'loading' });
    else if (chats.failed) out.push({ kind: 'state', key: 'c-error', node: 'error' });
    else if (chats.chats.length === 0) {
      out.push({ kind: 'state', key: 'c-none', node: 'note', text: t('search.noChats') });
    } else {
      for (const chat of chats.chats) out.push({ kind: 'chat', key: `c-${chat._id}`, chat });
      if (chats.hasMore || chats.loadMoreFailed) {
        out.push({ kind: 'state', key: 'c-more', node: 'more' });
      }
    }

    out.push({ kind: 'section', key: 's-messages', title: t('search.messages') });
    if (!searchMessages) {
      out.push({ kind: 'state', key: 'm-short', node: 'note', text: t('search.keepTyping') });
      return out;
    }
    if (messages.isPending) {
      out.push({ kind: 'state', key: 'm-loading', node: 'loading' });
      return out;
    }
    if (messages.isError && !messages.data) {
      out.push({ kind: 'state', key: 'm-error', node: 'error' });
      return out;
    }
    const byId = new Map<string, Chat>();
    for (const page of messages.data?.pages ?? []) {
      for (const chat of page.chats ?? []) byId.set(chat._id, chat);
    }
    // Each page comes oldest first (like a conversation page); results read newest first.
    const hits = (messages.data?.pages ?? []).flatMap((page) =>
      [...page.data].sort((a, b) => b.timestamp - a.timestamp || Number(b._id) - Number(a._id)),
    );
    if (hits.length === 0) {
      out.push({ kind: 'state', key: 'm-none', node: 'note', text: t('search.noMessages') });
    }
    for (const hit of hits) {
      out.push({ kind: 'hit', key: `m-${hit._id}`, hit, chat: byId.get(hit.chatId) ?? null });
    }
    if (messages.hasNextPage) out.push({ kind: 'state', key: 'm-more', node: 'more' });
    return out;
  }, [chats, messages, searchMessages, t]);

  const renderState = (item: Extract<Item, { kind: 'state' }>) => {
    const forChats = item.key.startsWith('c-');
    switch (item.node) {
      case 'loading':
        return forChats ? <ListSkeleton rows={3} /> : <ListLoadingMore />;
      case 'note':
        return <ListNote testId={`${item.key}-note`}>{item.text}</ListNote>;
      case 'error':
        return (
          <ListError
            compact
            text={specMessage('serverNotResponding')}
            onRetry={forChats ? chats.retry : () => void messages.refetch()}
            testId={forChats ? 'chat-list-error' : 'message-search-error'}
          />
        );
      case 'more':
        if (forChats && chats.loadMoreFailed) {
          return (
            <ListError
              compact
              text={specMessage('loadMoreChatsFailed')}
              onRetry={chats.retry}
              testId="chat-list-more-error"
            />
          );
        }
        if (!forChats && messages.isFetchNextPageError) {
          return (
            <ListError
              compact
              text={specMessage('loadMoreMessagesFailed')}
              onRetry={() => void messages.fetchNextPage()}
              testId="message-search-more-error"
            />
          );
        }
        return (
          <div className={classes.footer}>
            <Button
              variant="light"
              size="xs"
              loading={forChats ? chats.loadingMore : messages.isFetchingNextPage}
              onClick={forChats ? chats.loadMore : () => void messages.fetchNextPage()}
              data-testid={forChats ? 'search-more-chats' : 'search-more-messages'}
            >
              {forChats ? t('search.moreChats') : t('search.moreMessages')}
            </Button>
          </div>
        );
    }
  };

  const render = (item: Item) => {
    switch (item.kind) {
      case 'section':
        return <div className={classes.section}>{item.title}</div>;
      case 'chat':
        return (
          <ChatRow
            chat={item.chat}
            selected={item.chat._id === selectedId && selectedMessageId === null}
            onSelect={onSelect}
            labels={labels}
          />
        );
      case 'hit':
        return (
          <MessageHit
            hit={item.hit}
            chat={item.chat}
            query={query}
            selected={item.hit._id === selectedMessageId}
            onOpen={onOpenMessage}
          />
        );
      case 'state':
        return renderState(item);
    }
  };

  const nothing =
    !chats.loading &&
    !chats.failed &&
    chats.chats.length === 0 &&
    searchMessages &&
    !messages.isPending &&
    !messages.isError &&
    (messages.data?.pages[0]?.data.length ?? 0) === 0;

  const getKey = useCallback((item: Item) => item.key, []);
  const estimate = useCallback((item: Item) => ROW_HEIGHT[item.kind], []);

  if (nothing) {
    return (
      <ListEmpty
        icon={<IconMessageSearch size={28} stroke={1.5} />}
        title={t('search.nothingTitle', { query })}
        hint={t('search.nothingHint')}
        testId="chat-list-empty"
      />
    );
  }

  return (
    <VirtualRows
      items={items}
      getKey={getKey}
      estimateSize={estimate}
      render={render}
      revealKey={selectedId ? `c-${selectedId}` : null}
      label={t('search.results')}
      testId="chat-list"
    />
  );
}
