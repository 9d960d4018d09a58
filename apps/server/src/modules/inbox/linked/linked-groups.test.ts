import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, WabasicStatus } from '@sapa/contracts';
import type { MessageEvent } from '../../../channels/port.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../../test/fixtures.js';
import { fundAccount } from '../../../test/fixtures-inbox.js';
import {
  FakeLinkedSession,
  createLinkedChannel,
  leaseLinked,
  attachOpened,
} from '../../../test/linked-session.js';
import { usageIdle } from '../../billing/pricing/index.js';
import type { LinkedAttachment } from './session.js';

/**
 * Group chats on a linked number (issue 20 §4): the admin's switch (`POST
 * /api/users/light/groups`) and what ingest does with a group's messages either way.
 */
let ctx: TestContext;
let accountId: string;
let admin: TestUser;
let channel: { id: string };
let session: FakeLinkedSession;
let hooks: LinkedAttachment;

const GROUP = '120363025246125486@g.us';

beforeAll(async () => {
  ctx = await createTestContext({ mediaDir: `/tmp/sapa-test-linked-groups-${process.pid}` });
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  channel = await createLinkedChannel(ctx, accountId);
  session = new FakeLinkedSession();
  hooks = await attachOpened(ctx, channel.id, () => session, await leaseLinked(ctx, channel.id), {
    manual: true,
    sleep: async () => {},
  });
});
afterAll(async () => {
  await hooks.detach();
  await ctx.close();
});

const setGroups = (user: TestUser, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/light/groups',
    headers: user.auth,
    payload: payload as Record<string, unknown>,
  });

/** A participant's text in the group, as a driver hands it over. */
function groupText(id: string, who: { phone: string; name: string }, text: string): MessageEvent {
  return {
    kind: 'message',
    channelExternalId: channel.id,
    timestamp: new Date(ctx.clock.now().getTime() - 60_000),
    direction: 'incoming',
    origin: 'customer',
    appId: null,
    customer: { identifier: GROUP, name: 'Pelanggan Setia', phone: null },
    providerMessageId: id,
    msgType: 'text',
    text,
    payload: { groupSender: { identifier: who.phone, name: who.name, phone: who.phone } },
    attachmentName: null,
    media: null,
    replyToProviderId: null,
  };
}
const SARI = { phone: '6281398765432', name: 'Sari' };
const BUDI = { phone: '6281234567890', name: 'Budi' };

const chatsOfChannel = () =>
  ctx.deps.db
    .selectFrom('chats')
    .select(['id', 'identifier', 'name'])
    .where('channel_id', '=', channel.id)
    .execute();
const stored = (id: string) =>
  ctx.deps.db
    .selectFrom('messages')
    .select(['id', 'chat_id', 'payload'])
    .where('channel_id', '=', channel.id)
    .where('provider_message_id', '=', id)
    .executeTakeFirst();
const charges = () =>
  ctx.deps.db
    .selectFrom('usage_charges')
    .select(['kind', 'contact_id'])
    .where('account_id', '=', accountId)
    .execute();

describe('POST /api/users/light/groups', () => {
  it('an admin turns group chats on and off; the status carries the setting', async () => {
    const on = await setGroups(admin, { channel: channel.id, enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<WabasicStatus>()).toMatchObject({ channel: channel.id, includeGroups: true });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/light/status?channel=${channel.id}`,
      headers: admin.auth,
    });
    expect(read.json<WabasicStatus>().includeGroups).toBe(true);
    // Without `channel`: the account's first linked number, as the other users/light routes.
    const off = await setGroups(admin, { enabled: false });
    expect(off.json<WabasicStatus>()).toMatchObject({ channel: channel.id, includeGroups: false });
    expect(ctx.events.some((e) => e.type === 'wabasic.state')).toBe(true);
  });

  it('refuses agents and supervisors (403), another account’s number (404) and a bad body (400)', async () => {
    for (const role of ['agent', 'supervisor'] as const) {
      const user = await createUser(ctx, accountId, { role });
      expect((await setGroups(user, { channel: channel.id, enabled: true })).statusCode).toBe(403);
    }
    const stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
    expect((await setGroups(stranger, { channel: channel.id, enabled: true })).statusCode).toBe(
      404,
    );
    for (const body of [
      {},
      { enabled: 'yes' },
      { channel: 'not-an-id', enabled: true },
      { channel: 'a\u0000b', enabled: true },
    ]) {
      const res = await setGroups(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const row = await ctx.deps.db
      .selectFrom('channels')
      .select('include_groups')
      .where('id', '=', channel.id)
      .executeTakeFirstOrThrow();
    expect(row.include_groups).toBe(false);
  });
});

describe('a linked number’s group chats in the inbox', () => {
  it('off: a group message is not stored, makes no chat and costs nothing', async () => {
    await setGroups(admin, { channel: channel.id, enabled: false });
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [groupText('G-OFF-1', SARI, 'Halo grup')],
    });
    await usageIdle(ctx.deps);
    expect(await stored('G-OFF-1')).toBeUndefined();
    expect((await chatsOfChannel()).filter((c) => c.identifier === GROUP)).toEqual([]);
    expect(await charges()).toEqual([]);
  });

  it('on (at once, same session): one chat for the group, the sender on each message, the reply to the group', async () => {
    await setGroups(admin, { channel: channel.id, enabled: true });
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [groupText('G-ON-1', SARI, 'Ada promo?'), groupText('G-ON-2', BUDI, 'Saya juga')],
    });
    // A participant's reaction and a receipt in the group: no chat per participant.
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [
        {
          kind: 'reaction',
          channelExternalId: channel.id,
          timestamp: ctx.clock.now(),
          direction: 'incoming',
          customer: { identifier: GROUP, name: 'Sari', phone: null },
          providerMessageId: 'G-ON-R',
          targetProviderMessageId: 'G-ON-1',
          action: 'react',
          emoji: '👍',
          reaction: null,
          appId: null,
        },
      ],
    });
    // Nothing said before the switch was fetched: G-OFF-1 stays missing.
    expect(await stored('G-OFF-1')).toBeUndefined();
    const groupChats = (await chatsOfChannel()).filter((c) => c.identifier === GROUP);
    expect(groupChats).toEqual([
      { id: expect.any(String), identifier: GROUP, name: 'Pelanggan Setia' },
    ]);
    expect(await chatsOfChannel()).toHaveLength(1);
    const chatId = groupChats[0]!.id;

    // The read (the inbox's and the API's) names who wrote each message.
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/messages/paginate?chatId=${chatId}`,
      headers: admin.auth,
    });
    expect(page.statusCode, page.body).toBe(200);
    const inbound = page
      .json<{ data: Message[] }>()
      .data.filter((m: Message) => !m.fromMe && m.msgType === 'text');
    expect(inbound.map((m) => [m.text, m.username, m.payload.groupSender])).toEqual([
      ['Ada promo?', 'Sari', { identifier: SARI.phone, name: 'Sari', phone: SARI.phone }],
      ['Saya juga', 'Budi', { identifier: BUDI.phone, name: 'Budi', phone: BUDI.phone }],
    ]);

    // The agent's answer goes to the group, not to a participant.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId, text: 'Ada kak, diskon 10%' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await ctx.jobs.drain();
    expect(await hooks.outbox.drainOnce()).toMatchObject({ sent: 1 });
    expect(session.sent.map((s) => [s.message.to, s.message.type])).toEqual([[GROUP, 'text']]);

    // A linked number has no Meta conversation charge; the group is one active contact.
    await usageIdle(ctx.deps);
    const usage = await charges();
    expect(usage.filter((c) => c.kind !== 'mau')).toEqual([]);
    expect(new Set(usage.map((c) => c.contact_id)).size).toBeLessThanOrEqual(1);
  });

  it('off again: the group’s new messages are dropped again; its chat stays', async () => {
    await setGroups(admin, { channel: channel.id, enabled: false });
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [groupText('G-OFF-2', SARI, 'Masih ada?')],
    });
    expect(await stored('G-OFF-2')).toBeUndefined();
    expect((await chatsOfChannel()).map((c) => c.identifier)).toEqual([GROUP]);
    // A one-to-one chat still arrives.
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [
        {
          ...groupText(randomUUID(), SARI, 'Japri ya'),
          customer: { identifier: SARI.phone, name: 'Sari', phone: SARI.phone },
          payload: {},
        },
      ],
    });
    expect((await chatsOfChannel()).map((c) => c.identifier).sort()).toEqual(
      [GROUP, SARI.phone].sort(),
    );
  });
});
