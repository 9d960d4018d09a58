import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_INSTAGRAM_ACCOUNT, DEMO_MESSENGER_PAGE } from '../demo.js';
import type { MessagingEvent, MetaPlatform, MetaWebhook } from '../meta/payloads.js';
import type { MetaMessage } from '../meta/store.js';
import type { WebhookReceiver } from './helpers.js';

export const PAGE = DEMO_MESSENGER_PAGE.pageId;
export const PAGE_AUTH = { authorization: `Bearer ${DEMO_MESSENGER_PAGE.accessToken}` };
export const IG = DEMO_INSTAGRAM_ACCOUNT.instagramAccountId;
export const IG_PAGE = DEMO_INSTAGRAM_ACCOUNT.pageId;
export const IG_AUTH = { authorization: `Bearer ${DEMO_INSTAGRAM_ACCOUNT.pageAccessToken}` };
export const PSID = '2400000000000777';
export const IGSID = '1780000000000777';

export interface ReceivedEvent {
  object: string;
  entryId: string;
  event: MessagingEvent;
  standby: boolean;
  index: number;
}

/** Every Messenger / Instagram event Sapa received, in order, with its envelope. */
export function metaEvents(receiver: WebhookReceiver): ReceivedEvent[] {
  return receiver.received.flatMap((hook, index) => {
    const body = hook.json as unknown as MetaWebhook;
    if (body.object !== 'page' && body.object !== 'instagram') return [];
    return body.entry.flatMap((entry) => [
      ...(entry.messaging ?? []).map((event) => ({
        object: body.object,
        entryId: entry.id,
        event,
        standby: false,
        index,
      })),
      ...(entry.standby ?? []).map((event) => ({
        object: body.object,
        entryId: entry.id,
        event,
        standby: true,
        index,
      })),
    ]);
  });
}

export async function waitForEvent(
  receiver: WebhookReceiver,
  match: (e: ReceivedEvent) => boolean,
): Promise<ReceivedEvent> {
  await receiver.waitFor(() => metaEvents(receiver).some(match));
  return metaEvents(receiver).find(match)!;
}

/** The customer does something in Messenger / Instagram through the control API. */
export async function customerDoes(
  app: FastifyInstance,
  platform: MetaPlatform,
  userId: string,
  body: Record<string, unknown>,
  account = platform === 'messenger' ? PAGE : IG,
): Promise<{ mid: string; deliveryId: string | null; skipped?: string; message?: MetaMessage }> {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox/${platform}/${account}/customers/${userId}/messages`,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export function pageSend(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  options: { path?: string; auth?: Record<string, string>; version?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/${options.version ?? 'v21.0'}/${options.path ?? PAGE}/messages`,
    headers: options.auth ?? PAGE_AUTH,
    payload,
  });
}

export const reply = (recipient: string, text: string, extra: Record<string, unknown> = {}) => ({
  recipient: { id: recipient },
  messaging_type: 'RESPONSE',
  message: { text },
  ...extra,
});

export type GraphErrorJson = {
  error: { code: number; error_subcode?: number; message: string; type: string };
};
