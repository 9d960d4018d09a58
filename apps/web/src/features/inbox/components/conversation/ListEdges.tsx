import { Button, Loader } from '@mantine/core';
import { IconArrowDown, IconHistory, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { message as specMessage } from '../../../../lib/messages';
import type { EdgeState } from '../../conversation/useConversationMessages';
import classes from './conversation.module.css';

/** Top of the list: loading older messages, their failure with a retry, or the start. */
export function OlderEdge({ older, empty }: { older: EdgeState; empty: boolean }) {
  const { t } = useTranslation('conversation');
  if (older.loading) {
    return (
      <div className={classes.edge} data-testid="messages-loading-older">
        <Loader size="xs" />
      </div>
    );
  }
  if (older.failed) {
    return (
      <div className={classes.edge}>
        <div className={classes.edgeError} role="alert" data-testid="messages-older-error">
          {specMessage('loadMoreMessagesFailed')}
          <Button
            size="compact-xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={12} />}
            onClick={older.load}
            data-testid="messages-older-retry"
          >
            {t('actions.retry')}
          </Button>
        </div>
      </div>
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
  if (newer.loading) {
    return (
      <div className={classes.edge} data-testid="messages-loading-newer">
        <Loader size="xs" />
      </div>
    );
  }
  if (newer.failed) {
    return (
      <div className={classes.edge}>
        <div className={classes.edgeError} role="alert" data-testid="messages-newer-error">
          {specMessage('newerMessagesFailed')}
          <Button
            size="compact-xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={12} />}
            onClick={newer.load}
            data-testid="messages-newer-retry"
          >
            {t('actions.retry')}
          </Button>
        </div>
      </div>
    );
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
