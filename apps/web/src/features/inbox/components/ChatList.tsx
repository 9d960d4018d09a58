import { memo, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { Badge, Button, CloseButton, TextInput, Tooltip } from '@mantine/core';
import type { Chat, ChannelType } from '@sapa/contracts';
import {
  IconArchive,
  IconChecks,
  IconFilterOff,
  IconInbox,
  IconMessages,
  IconSearch,
  IconUserCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message } from '../../../lib/messages';
import { useServices } from '../../integrations/api';
import { labelsById, useLabels } from '../../labels/api';
import { InboxAlerts } from '../actions/InboxAlerts';
import { useUnreadCount } from '../api';
import type { Assignee, ChatFilter } from '../cache';
import { activeFilterKeys, clearFilter, searchNeedle, type ListFilters } from '../filters';
import type { ChatListState } from '../useChatListState';
import { ActiveFilterChips, AssigneeControl, FilterMenu } from './ChatFilters';
import { ChatRow } from './ChatRow';
import classes from './chatList.module.css';
import { ListEmpty, ListError, ListLoadingMore, ListSkeleton } from './ListStates';
import { SearchResults } from './MessageSearchResults';
import { NotificationPrompt } from './NotificationPrompt';
import { VirtualRows } from './VirtualRows';

interface ChatListProps {
  /** The list's filter, with the debounced search text. */
  filter: ChatFilter;
  list: ChatListState;
  filters: ListFilters;
  onFilters: (filters: ListFilters) => void;
  onResetFilters: () => void;
  onAssignee: (value: Assignee) => void;
  searchInput: string;
  onSearchInput: (value: string) => void;
  selectedId: string | null;
  selectedMessageId: string | null;
  onSelect: (chatId: string) => void;
  /** The agent is about to pick this chat (pointer down): its messages can start loading. */
  onPrefetch?: (chatId: string) => void;
  onOpenMessage: (chatId: string, messageId: string) => void;
  small: boolean;
}

type Row = { kind: 'chat'; chat: Chat } | { kind: 'footer' };
const FOOTER: Row = { kind: 'footer' };
const rowKey = (row: Row) => (row.kind === 'chat' ? `c-${row.chat._id}` : 'footer');
const rowHeight = (row: Row) => (row.kind === 'chat' ? 86 : 64);

/** Why the list is empty, in words that fit the view the agent picked. */
function emptyCopy(filter: ChatFilter, filtered: boolean): { key: string; icon: ReactNode } {
  if (filtered) return { key: 'filtered', icon: <IconFilterOff size={28} stroke={1.5} /> };
  if (filter.isArchive) return { key: 'archived', icon: <IconArchive size={28} stroke={1.5} /> };
  if (filter.unread) return { key: 'unread', icon: <IconChecks size={28} stroke={1.5} /> };
  if (filter.assignee === 'MINE')
    return { key: 'mine', icon: <IconUserCheck size={28} stroke={1.5} /> };
  if (filter.assignee === 'UNASSIGNED') {
    return { key: 'unassigned', icon: <IconInbox size={28} stroke={1.5} /> };
  }
  return { key: 'all', icon: <IconMessages size={28} stroke={1.5} /> };
}

/**
 * Left pane of /chat: header, search, assignment, filters and the chats (or search results).
 * Memoized: a router update (opening a chat) re-renders the page, not this pane's subtree.
 */
export const ChatList = memo(function ChatList({
  filter,
  list,
  filters,
  onFilters,
  onResetFilters,
  onAssignee,
  searchInput,
  onSearchInput,
  selectedId,
  selectedMessageId,
  onSelect,
  onPrefetch,
  onOpenMessage,
  small,
}: ChatListProps) {
  const { t } = useTranslation('inbox');
  const labelsQuery = useLabels();
  const labels = useMemo(() => labelsQuery.data?.data ?? [], [labelsQuery.data]);
  const labelMap = useMemo(() => labelsById(labels), [labels]);
  const services = useServices();
  // Spec §7: a failed channel fetch yields an empty list (the channel filter hides itself).
  const channels = useMemo<ChannelType[]>(
    () => [...new Set((services.data ?? []).map((s) => s.channel))],
    [services.data],
  );
  const unread = useUnreadCount(true);
  const needle = searchNeedle(filter);
  const filtered = activeFilterKeys(filters).length > 0;

  // A label deleted elsewhere would keep an impossible filter (and an empty list) forever.
  useEffect(() => {
    if (filters.label && labelsQuery.isSuccess && !labelMap.has(filters.label)) {
      onFilters(clearFilter(filters, 'label'));
    }
  }, [filters, labelsQuery.isSuccess, labelMap, onFilters]);

  const rows = useMemo<Row[]>(
    () => [...list.chats.map((chat): Row => ({ kind: 'chat', chat })), FOOTER],
    [list.chats],
  );

  const render = useCallback(
    (row: Row) => {
      if (row.kind === 'chat') {
        return (
          <ChatRow
            chat={row.chat}
            selected={row.chat._id === selectedId}
            onSelect={onSelect}
            {...(onPrefetch ? { onPrefetch } : {})}
            labels={labelMap}
          />
        );
      }
      if (list.loadMoreFailed) {
        return (
          <ListError
            compact
            text={message('loadMoreChatsFailed')}
            onRetry={list.retry}
            testId="chat-list-more-error"
          />
        );
      }
      return list.loadingMore ? <ListLoadingMore /> : null;
    },
    [selectedId, onSelect, onPrefetch, labelMap, list.loadMoreFailed, list.loadingMore, list.retry],
  );

  // They take no props: the same elements let React skip them when a pick re-renders the
  // pane (the notification prompt reads the browser's permission, slow in Chromium).
  const staticParts = useMemo(
    () => (
      <>
        <NotificationPrompt />
        <InboxAlerts />
      </>
    ),
    [],
  );

  let body: ReactNode;
  if (needle) {
    body = (
      <SearchResults
        query={needle}
        chats={list}
        labels={labelMap}
        selectedId={selectedId}
        selectedMessageId={selectedMessageId}
        onSelect={onSelect}
        onOpenMessage={onOpenMessage}
      />
    );
  } else if (list.loading) {
    body = <ListSkeleton />;
  } else if (list.failed) {
    body = (
      <ListError
        text={message('serverNotResponding')}
        onRetry={list.retry}
        testId="chat-list-error"
      />
    );
  } else if (list.chats.length === 0) {
    const copy = emptyCopy(filter, filtered);
    body = (
      <ListEmpty
        icon={copy.icon}
        title={t(`empty.list.${copy.key}.title`)}
        hint={t(`empty.list.${copy.key}.hint`)}
        testId="chat-list-empty"
        action={
          filtered ? (
            <Button
              size="xs"
              variant="light"
              mt={6}
              onClick={onResetFilters}
              data-testid="chat-list-reset"
            >
              {t('filters.reset')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <VirtualRows
        // A new filter is a new list: start it at the top.
        key={JSON.stringify(filter)}
        items={rows}
        getKey={rowKey}
        estimateSize={rowHeight}
        render={render}
        revealKey={selectedId ? `c-${selectedId}` : null}
        onNearEnd={list.loadMore}
        label={t('title')}
        testId="chat-list"
      />
    );
  }

  return (
    <div className={classes.listPane} data-testid="chat-list-pane">
      <div className={classes.header}>
        <div className={classes.titleRow}>
          <div className={classes.title}>
            <span>{t('title')}</span>
            {(unread.data ?? 0) > 0 && (
              <Tooltip label={t('list.unreadChats', { count: unread.data ?? 0 })}>
                <Badge size="sm" variant="filled" radius="xl" data-testid="chat-unread-total">
                  {unread.data}
                </Badge>
              </Tooltip>
            )}
          </div>
        </div>
        <div className={classes.searchRow}>
          <TextInput
            className={classes.search}
            value={searchInput}
            onChange={(e) => onSearchInput(e.currentTarget.value)}
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            leftSection={<IconSearch size={16} stroke={1.6} />}
            rightSection={
              searchInput ? (
                <CloseButton
                  size="sm"
                  onClick={() => onSearchInput('')}
                  aria-label={t('search.clear')}
                  data-testid="chat-search-clear"
                />
              ) : null
            }
            data-testid="chat-search"
            radius="md"
            size="sm"
            enterKeyHint="search"
          />
          <FilterMenu
            small={small}
            filters={filters}
            onChange={onFilters}
            onReset={onResetFilters}
            channels={channels}
            labels={labels}
          />
        </div>
        <AssigneeControl value={filter.assignee} onChange={onAssignee} />
        <ActiveFilterChips
          filters={filters}
          labels={labels}
          onChange={onFilters}
          onReset={onResetFilters}
        />
      </div>
      {staticParts}
      {body}
    </div>
  );
});
