import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, WINDOW_REFUSAL_MESSAGES, type Chat } from '@sapa/contracts';
import { HttpError } from '../../lib/http';
import { message, translateMessage } from '../../lib/messages';
import { notifyError } from '../../lib/notify';
import { SocketAckError } from '../../lib/socket';
import { sendMessage, uploadMedia } from './api';
import { optimisticMessage } from './attachments';
import {
  closedWindow,
  inboxKeys,
  markMessageFailed,
  upsertMessage,
  type MessagePages,
} from './cache';
import type { ComposerInput } from './components/Composer';

const WINDOW_REASONS: ReadonlySet<string> = new Set(Object.values(WINDOW_REFUSAL_MESSAGES));

function serverText(error: unknown): string {
  return error instanceof HttpError || error instanceof SocketAckError
    ? error.message
    : MESSAGES.someError;
}

/**
 * Sends what the composer holds: the bubble appears at once (status queue, keyed by a fresh
 * generatedId), the attachment is uploaded, and the acknowledged message replaces the bubble.
 * A refusal marks the bubble failed with the reason; the 24-hour refusal also locks the input.
 */
export function useSendMessage(chat: Pick<Chat, '_id' | 'channel' | 'identifier'> | null) {
  const queryClient = useQueryClient();

  return useCallback(
    async ({ text, file, media, replyTo }: ComposerInput): Promise<void> => {
      if (!chat) return;
      const key = inboxKeys.messages(chat._id);
      const generatedId = crypto.randomUUID();
      queryClient.setQueryData<MessagePages>(key, (data) =>
        upsertMessage(data, optimisticMessage(chat, { text, generatedId, file, media, replyTo })),
      );
      try {
        // A picked file is uploaded first; a quick reply's file is already stored.
        const mediaId = file ? (await uploadMedia(file))._id : (media?._id ?? null);
        const sent = await sendMessage({
          chatId: chat._id,
          text,
          generatedId,
          ...(mediaId ? { attachment: { mediaId } } : {}),
          ...(replyTo && /^\d+$/.test(replyTo._id) ? { replyTo: replyTo._id } : {}),
        });
        queryClient.setQueryData<MessagePages>(key, (data) => upsertMessage(data, sent));
      } catch (error) {
        const reason = serverText(error);
        queryClient.setQueryData<MessagePages>(key, (data) =>
          markMessageFailed(data, { generatedId }, reason),
        );
        if (reason === MESSAGES.windowClosedCode) {
          queryClient.setQueryData(inboxKeys.window(chat._id), closedWindow(chat._id));
          notifyError(message('windowClosed'));
        } else {
          // Messenger/Instagram said why (24 h passed, 7 days passed, tag off): the composer
          // asks again which window applies, and the agent reads the reason.
          if (WINDOW_REASONS.has(reason))
            void queryClient.invalidateQueries({ queryKey: inboxKeys.window(chat._id) });
          notifyError(translateMessage(reason));
        }
      }
    },
    [chat, queryClient],
  );
}
