import { Button, Loader } from '@mantine/core';
import { IconArrowDown, IconHistory, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message as specMessage } from '../../../../lib/messages';
import type { EdgeState } from '../../conversation/useConversationMessages';
import classes from './conversation.module.css';

type Side = 'older' | 'newer';

function EdgeLoading({ side }: { side: Side }) {
  return (
    <div className={classes.edge} data-testid={`messages-loading-${side}`}>
      <Loader size="xs" />
    </div>
  );
}

/** A failed page load: the spec's message and a retry. */
function EdgeFailed({ side, text, retry }: { side: Side; text: string; retry: () => void }) {
  const { t } = useTranslation('conversation');
  return (
    <div className={classes.edge}>
      <div className={classes.edgeError} role="alert" data-testid={`messages-${side}-error`}>
        {text}
        <Button
          size="compact-xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={12} />}
          onClick={retry}
          data-testid={`messages-${side}-retry`}
        >
          {t('actions.retry')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Top of the list: loading older messages, their failure with a retry, or the start. The start
 * is announced only to someone who asked for more (`asked`): on a short, new conversation a
 * permanent "No more messages to load" is noise.
 */
export function OlderEdge({
  older,
  empty,
  asked,
}: {
  older: EdgeState;
  empty: boolean;
  asked: boolean;
}) {
  const { t } = useTranslation('conversation');
  if (older.loading) return <EdgeLoading side="older" />;
  if (older.failed) {
    return (
      <EdgeFailed side="older" text={specMessage('loadMoreMessagesFailed')} retry={older.load} />
    );
  }
  if (older.hasMore) {
    // Scrolling up loads on its own; the button is there for keyboards and short screens.
    return (
      <div className={classes.edge}>
        <Button
          size="compact-xs"
          variant="white"
          color="gray"
          radius="xl"
          leftSection={<IconHistory size={12} />}
          onClick={older.load}
          data-testid="messages-load-older"
        >
          {t('list.loadOlder')}
        </Button>
      </div>
    );
  }
  if (!empty && !asked) return null;
  return (
    <div className={classes.edge}>
      <span className={classes.edgeNote} data-testid="messages-start">
        {empty ? specMessage('noMessages') : specMessage('noMoreMessages')}
      </span>
    </div>
  );
}

/** Bottom of a jumped view: newer pages until the present, or why they did not come. */
export function NewerEdge({ newer }: { newer: EdgeState }) {
  const { t } = useTranslation('conversation');
  if (newer.loading) return <EdgeLoading side="newer" />;
  if (newer.failed) {
    return <EdgeFailed side="newer" text={specMessage('newerMessagesFailed')} retry={newer.load} />;
  }
  return (
    <div className={classes.edge}>
      <Button
        size="compact-xs"
        variant="white"
        color="gray"
        radius="xl"
        leftSection={<IconArrowDown size={12} />}
        onClick={newer.load}
        data-testid="messages-load-newer"
      >
        {t('list.loadNewer')}
      </Button>
    </div>
  );
}
