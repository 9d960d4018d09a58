import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message as specMessage } from '../../../lib/messages';
import { useMessages } from '../api';
import { flattenMessages } from '../cache';
import { dayKey, dayLabel } from '../dates';
import { MessageBubble } from './MessageBubble';
import classes from './inbox.module.css';

/** How close to the bottom counts as "reading the latest", so new messages scroll into view. */
const STICK_PX = 120;

function DaySeparator({ timestamp }: { timestamp: number }) {
  const { t } = useTranslation('inbox');
  const label = dayLabel(timestamp);
  return (
    <div className={classes.daySeparator} data-testid="day-separator">
      <span>{label.kind === 'date' ? label.text : t(`days.${label.kind}`)}</span>
    </div>
  );
}

/** The conversation's messages, oldest at the top, with "load older" and day separators. */
export function MessageList({ chatId }: { chatId: string }) {
  const { t } = useTranslation('inbox');
  const query = useMessages(chatId);
  const messages = useMemo(() => flattenMessages(query.data), [query.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Scroll height before an older page was added, to keep the reader's place.
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const lastId = useRef<string | null>(null);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || messages.length === 0) return;
    const newest = messages[messages.length - 1];
    if (beforeOlder.current) {
      el.scrollTop = el.scrollHeight - beforeOlder.current.height + beforeOlder.current.top;
      beforeOlder.current = null;
    } else if (lastId.current === null) {
      el.scrollTop = el.scrollHeight;
    } else if (newest && newest._id !== lastId.current) {
      const nearBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
      if (nearBottom || newest.fromMe) el.scrollTop = el.scrollHeight;
    }
    lastId.current = newest?._id ?? null;
  }, [messages]);

  const loadOlder = () => {
    const el = scrollRef.current;
    if (el) beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    void query.fetchNextPage();
  };

  if (query.isPending) {
    return (
      <Center className={classes.messages}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Center className={classes.messages}>
        <Stack align="center" gap="xs">
          <Text size="sm" c="red.7" data-testid="messages-error">
            {specMessage('serverNotResponding')}
          </Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }

  return (
    <div className={classes.messages} ref={scrollRef} data-testid="message-list">
      <Stack gap={4} px={{ base: 'sm', sm: 'lg' }} py="md">
        <Center mb="xs">
          {query.hasNextPage ? (
            <Stack gap={4} align="center">
              <Button
                size="xs"
                variant="default"
                radius="xl"
                leftSection={<IconHistory size={14} />}
                loading={query.isFetchingNextPage}
                onClick={loadOlder}
                data-testid="messages-load-older"
              >
                {t('messages.loadOlder')}
              </Button>
              {query.isFetchNextPageError && (
                <Text size="xs" c="red.7">
                  {specMessage('loadMoreMessagesFailed')}
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="xs" c="dimmed" data-testid="messages-start">
              {messages.length ? specMessage('noMoreMessages') : specMessage('noMessages')}
            </Text>
          )}
        </Center>
        {messages.map((m, i) => {
          const prev = messages[i - 1];
          const newDay = !prev || dayKey(prev.timestamp) !== dayKey(m.timestamp);
          return (
            <Fragment key={m.generatedId ?? m._id}>
              {newDay && <DaySeparator timestamp={m.timestamp} />}
              <MessageBubble message={m} />
            </Fragment>
          );
        })}
      </Stack>
    </div>
  );
}
