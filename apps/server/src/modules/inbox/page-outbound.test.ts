import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { DEMO_INSTAGRAM_ACCOUNT, DEMO_MESSENGER_PAGE, SAPA_APP_ID } from '@sapa/sandbox/demo';
import type { TestContext } from '../../test/harness.js';
import { sandboxPair, until, type SandboxPair } from '../../test/sandbox-pair.js';
import {
  createAccount,
  createPageChannel,
  createUser,
  type TestUser,
} from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { fresh } from '../billing/pricing/test-helpers.js';
import { isUserInitiate } from './chat-actions.service.js';
import type { Principal } from '../auth/principal.js';

/**
 * Replies on Messenger and Instagram against the sandbox's Graph API, which enforces Meta's
 * windows itself: inside 24 h a RESPONSE; from 24 h to 7 days a person's reply with the
 * HUMAN_AGENT tag (when the channel allows it); never an automatic one after 24 h; nothing after
 * 7 days. Every refusal is Sapa's, before any call: the sandbox's log of Send API calls shows it.
 */
let pair: SandboxPair;
let ctx: TestContext;
let admin: TestUser;
let accountId: string;
let messenger: { id: string; pageId: string };
let instagram: { id: string; pageId: string };
const DAY = 24 * 3_600_000;

/** The admin as the socket handler sees them (an admin sees every chat). */
const principalOf = (user: TestUser, account: string): Principal => ({
  userId: user.id,
  accountId: account,
  sessionId: 'test',
  role: user.role,
  name: 'Admin',
  email: user.email,
  accountType: 'business' as Principal['accountType'],
  twoFactorEnabled: false,
  twoFactorVerified: false,
  divisionIds: [],
  agentIds: [],
  divisionOnlyView: false,
  allChat: true,
});

beforeAll(async () => {
  pair = await sandboxPair({
    config: { metaAppId: String(SAPA_APP_ID) },
    sandboxEnv: { STATUS_DELAY_MS: '20', WEBHOOK_RETRY_BASE_MS: '100' },
  });
  ctx = pair.ctx;
  ctx.clock.set(new Date());
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  messenger = await createPageChannel(ctx, accountId, 'messenger');
  instagram = await createPageChannel(ctx, accountId, 'instagram');
}, 60_000);
afterAll(() => pair?.close());

const sandbox = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${pair.sandboxUrl}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

let nextUser = 0;
/** A customer who writes to the page (or IG account); resolves to Sapa's chat id. */
async function customerWrites(platform: 'messenger' | 'instagram', name: string) {
  const account =
    platform === 'messenger'
      ? DEMO_MESSENGER_PAGE.pageId
      : DEMO_INSTAGRAM_ACCOUNT.instagramAccountId;
  const userId = String(5500000000000000 + nextUser++);
  await sandbox('POST', `/sandbox/${platform}/${account}/customers/${userId}/messages`, {
    type: 'text',
    text: 'Halo kak',
    name,
    username: name.toLowerCase().replace(/\s/g, '.'),
  });
  // The chat is created in a statement of its own before the message is stored (and moves
  // `initiate_at`): wait for the message, or a test that backdates the window races ingest.
  const chat = await until(() =>
    ctx.deps.db
      .selectFrom('chats')
      .select(['id'])
      .where('identifier', '=', userId)
      .where('initiate_at', 'is not', null)
      .executeTakeFirst(),
  );
  return { chatId: chat.id, userId, account, platform };
}
type Customer = Awaited<ReturnType<typeof customerWrites>>;

/** The customer last wrote `days` ago, for Sapa and for Meta alike. */
async function wroteAgo(c: Customer, days: number) {
  const at = new Date(ctx.clock.now().getTime() - days * DAY);
  await ctx.deps.db
    .updateTable('chats')
    .set({ initiate_at: at })
    .where('id', '=', c.chatId)
    .execute();
  await sandbox('PATCH', `/sandbox/${c.platform}/${c.account}/customers/${c.userId}`, {
    lastInboundAt: at.getTime(),
  });
}

const sent = async (pageId: string, recipient: string) =>
  (await sandbox('GET', `/sandbox/pages/${pageId}/sent?recipient=${recipient}`)).data as {
    messagingType: string;
    tag?: string | null;
    accepted?: boolean;
    senderAction?: string | null;
  }[];

const reply = async (chatId: string, text = 'Siap kak') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: (await fresh(ctx, admin)).auth,
    payload: { chatId, text },
  });

const messageOf = (id: string) =>
  ctx.deps.db
    .selectFrom('messages')
    .select(['status', 'provider_message_id', 'error'])
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();

describe('replies on Messenger and Instagram', () => {
  it('inside 24 hours: RESPONSE; the echo of the send is not a second message', async () => {
    const c = await customerWrites('messenger', 'Budi Santoso');
    const res = await reply(c.chatId);
    expect(res.statusCode, res.body).toBe(201);
    await ctx.jobs.drain();
    const stored = await messageOf(res.json<{ _id: string }>()._id);
    expect(stored.status).toBe('sent');
    const calls = (await sent(messenger.pageId, c.userId)).filter((s) => !s.senderAction);
    expect(calls).toMatchObject([{ messagingType: 'RESPONSE', accepted: true }]);
    // The sandbox echoes every send: wait for it, then count the chat's outgoing messages.
    await new Promise((r) => setTimeout(r, 300));
    const outgoing = await ctx.deps.db
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', c.chatId)
      .where('from_me', '=', true)
      .execute();
    expect(outgoing).toHaveLength(1);
    // The profile job names the chat from Meta's profile API.
    await ctx.jobs.drain();
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .innerJoin('contacts', 'contacts.id', 'chats.contact_id')
      .select(['chats.name as chat', 'contacts.name as contact', 'contacts.profile_fetched_at'])
      .where('chats.id', '=', c.chatId)
      .executeTakeFirstOrThrow();
    expect(chat).toMatchObject({ chat: 'Budi Santoso', contact: 'Budi Santoso' });
    expect(chat.profile_fetched_at).not.toBeNull();
  });

  it('between 24 hours and 7 days: a person’s reply goes with HUMAN_AGENT; the composer says so', async () => {
    const c = await customerWrites('instagram', 'Sari Dewi');
    await wroteAgo(c, 2);
    const window = await isUserInitiate(ctx.deps, principalOf(admin, accountId), c.chatId);
    expect(window).toMatchObject({
      value: true,
      window: { phase: 'human_agent', outsideWindow: null, refusal: null },
    });
    const last = ctx.clock.now().getTime() - 2 * DAY;
    expect(Date.parse(window.window!.endsAt!)).toBe(last + 7 * DAY);
    const res = await reply(c.chatId);
    expect(res.statusCode, res.body).toBe(201);
    await ctx.jobs.drain();
    expect((await messageOf(res.json<{ _id: string }>()._id)).status).toBe('sent');
    const calls = (await sent(instagram.pageId, c.userId)).filter((s) => !s.senderAction);
    expect(calls).toMatchObject([
      { messagingType: 'MESSAGE_TAG', tag: 'HUMAN_AGENT', accepted: true },
    ]);
  });

  it('an automatic message after 24 hours is refused before any call', async () => {
    const c = await customerWrites('messenger', 'Andi');
    await wroteAgo(c, 2);
    const before = (await sent(messenger.pageId, c.userId)).length;
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['id', 'channel_id'])
      .where('id', '=', c.chatId)
      .executeTakeFirstOrThrow();
    // Queued as Sapa's own (no sender), as auto-replies are.
    const auto = await ctx.deps.db
      .insertInto('messages')
      .values({
        account_id: accountId,
        chat_id: chat.id,
        channel_id: chat.channel_id,
        msg_type: 'text',
        text: 'Terima kasih, kami akan membalas segera',
        payload: '{}',
        status: 'queue',
        from_me: true,
        is_system: true,
        sent_at: ctx.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.jobs.enqueue('message.send', { messageId: String(auto.id), attempt: 0 });
    await ctx.jobs.drain();
    const failed = await messageOf(String(auto.id));
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ message: MESSAGES.windowAutomaticAfter24h });
    expect((await sent(messenger.pageId, c.userId)).length).toBe(before);
  });

  it('after 7 days: refused at once with the reason, nothing sent', async () => {
    const c = await customerWrites('messenger', 'Rina');
    await wroteAgo(c, 8);
    const before = (await sent(messenger.pageId, c.userId)).length;
    const res = await reply(c.chatId);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'WINDOW_CLOSED',
      message: MESSAGES.windowHumanAgentExpired,
    });
    const window = await isUserInitiate(ctx.deps, principalOf(admin, accountId), c.chatId);
    expect(window).toMatchObject({
      value: false,
      window: { phase: 'closed', refusal: 'human_agent_expired', endsAt: null },
    });
    expect((await sent(messenger.pageId, c.userId)).length).toBe(before);
    expect(
      await ctx.deps.db
        .selectFrom('messages')
        .select('id')
        .where('chat_id', '=', c.chatId)
        .where('from_me', '=', true)
        .execute(),
    ).toEqual([]);
  });

  it('with HUMAN_AGENT replies off, a person is refused after 24 hours', async () => {
    const c = await customerWrites('messenger', 'Joko');
    await wroteAgo(c, 2);
    await ctx.deps.db
      .updateTable('channels')
      .set({ human_agent_replies: false })
      .where('id', '=', messenger.id)
      .execute();
    try {
      const before = (await sent(messenger.pageId, c.userId)).length;
      const res = await reply(c.chatId);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.windowHumanAgentOff);
      expect((await sent(messenger.pageId, c.userId)).length).toBe(before);
    } finally {
      await ctx.deps.db
        .updateTable('channels')
        .set({ human_agent_replies: true })
        .where('id', '=', messenger.id)
        .execute();
    }
  });

  it('templates are WhatsApp’s: a template to a Messenger chat is a clear 400', async () => {
    const c = await customerWrites('messenger', 'Tono');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages/template',
      headers: (await fresh(ctx, admin)).auth,
      payload: { chatId: c.chatId, templateId: '00000000-0000-4000-8000-000000000000', params: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'TEMPLATES_NOT_SUPPORTED',
      message: MESSAGES.templatesWhatsappOnly,
    });
  });

  it('a photo by URL is fetched into storage through the SSRF guard (GRAPH_API_URL’s host)', async () => {
    const c = await customerWrites('instagram', 'Foto');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await sandbox('POST', `/sandbox/instagram/${c.account}/customers/${c.userId}/messages`, {
      type: 'attachment',
      attachments: [{ data: png.toString('base64'), mime_type: 'image/png', filename: 'a.png' }],
    });
    const photo = await until(() =>
      ctx.deps.db
        .selectFrom('messages')
        .select(['id', 'msg_type', 'media_pending'])
        .where('chat_id', '=', c.chatId)
        .where('msg_type', '=', 'image')
        .executeTakeFirst(),
    );
    expect(photo.media_pending).toBe(true);
    await ctx.jobs.drain();
    const stored = await ctx.deps.db
      .selectFrom('messages')
      .innerJoin('media', 'media.id', 'messages.media_id')
      .select(['media.size_bytes', 'media.mime_type', 'messages.media_pending'])
      .where('messages.id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ media_pending: false, mime_type: 'image/png' });
    expect(Number(stored.size_bytes)).toBe(png.length);
  });
});
