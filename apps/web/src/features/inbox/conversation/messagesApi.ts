import { LIMITS, quickReplyListSchema, type Message, type QuickReply } from '@sapa/contracts';
import { api, HttpError } from '../../../lib/http';
import type { MessagePage } from '../cache';

/**
 * The conversation's own calls beside api.ts's live page: one message by id, pages in either
 * direction around it (the jump from a search hit), and the quick replies for "/".
 */

export function fetchMessageById(id: string, signal?: AbortSignal): Promise<Message> {
  return api.get<Message>(`messages/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

/** The page before `startKey` (exclusive), oldest first. */
export function fetchOlderMessages(
  chatId: string,
  startKey: string,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return api.get<MessagePage>('messages/paginate', {
    params: { chatId, startKey, perpage: LIMITS.messagePageMore },
    ...(signal ? { signal } : {}),
  });
}

/** The page after `startKey` (exclusive); its nextKey is null once the newest is included. */
export function fetchNewerMessages(
  chatId: string,
  startKey: string,
  signal?: AbortSignal,
): Promise<MessagePage> {
  return api.get<MessagePage>('messages/paginate', {
    params: { chatId, startKey, perpage: LIMITS.messagePageMore, direction: 'newer' },
    ...(signal ? { signal } : {}),
  });
}

/** Message ids are bigints as strings; `startKey` is exclusive, so id + 1 includes the id. */
export function keyAfter(id: string): string {
  return (BigInt(id) + BigInt(1)).toString();
}

export function isNumericId(id: string): boolean {
  return /^\d+$/.test(id);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

export async function fetchQuickReplies(signal?: AbortSignal): Promise<QuickReply[]> {
  const body = await api.get<unknown>('quick-reply', {
    params: { perpage: 999 },
    ...(signal ? { signal } : {}),
  });
  return quickReplyListSchema.parse(body).data;
}
