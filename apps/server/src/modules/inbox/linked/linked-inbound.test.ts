import { normalizePhone } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount } from '../../../test/fixtures.js';
import {
  FakeLinkedSession,
  createLinkedChannel,
  customerText,
  leaseLinked,
  attachOpened,
} from '../../../test/linked-session.js';
import { attachLinkedSession, type LinkedAttachment } from './session.js';

let ctx: TestContext;
let accountId: string;
let channel: { id: string };
let session: FakeLinkedSession;
let hooks: LinkedAttachment;

beforeAll(async () => {
  ctx = await createTestContext({ mediaDir: `/tmp/sapa-test-linked-in-${process.pid}` });
  accountId = await createAccount(ctx);
  channel = await createLinkedChannel(ctx, accountId);
  session = new FakeLinkedSession();
  hooks = await attachOpened(
    ctx,
    channel.id,
    () => session,
    await leaseLinked(ctx, channel.id),
    { manual: true },
    true,
  );
});
afterAll(async () => {
  await hooks.detach();
  await ctx.close();
});

const at = (minutesAgo: number) => new Date(ctx.clock.now().getTime() - minutesAgo * 60_000);

async function messagesOf(identifier: string) {
  return ctx.deps.db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.id', 'm.provider_message_id', 'm.text', 'm.payload', 'm.status', 'm.chat_id'])
    .where('c.channel_id', '=', channel.id)
    .where('c.identifier', '=', identifier)
    .orderBy('m.id')
    .execute();
}

describe('a linked number’s session events enter the inbox', () => {
  it('stores a live message once, with the same events, ticket and chat as a webhook’s', async () => {
    ctx.events.length = 0;
    const event = customerText(channel.id, {
      id: 'LIVE-1',
      from: '6281200000001',
      text: 'Halo, masih buka?',
      at: at(1),
    });
    await hooks.onEvent({ kind: 'events', origin: 'live', events: [event] });
    await hooks.onEvent({ kind: 'events', origin: 'live', events: [event] });
    const stored = await messagesOf('6281200000001');
    expect(stored.map((m) => [m.provider_message_id, m.status])).toEqual([['LIVE-1', 'received']]);
    expect(stored[0]?.payload).not.toHaveProperty('caughtUp');
    expect(ctx.events.filter((e) => e.type === 'message.created')).toHaveLength(1);
    const ticket = await ctx.deps.db
      .selectFrom('tickets')
      .select('id')
      .where('chat_id', '=', stored[0]!.chat_id)
      .where('close_at', 'is', null)
      .execute();
    expect(ticket).toHaveLength(1);
    const contact = await ctx.deps.db
      .selectFrom('chats as c')
      .innerJoin('contacts as ct', 'ct.id', 'c.contact_id')
      .select('ct.phone')
      .where('c.id', '=', stored[0]!.chat_id)
      .executeTakeFirstOrThrow();
    expect(contact.phone).toBe(normalizePhone('6281200000001'));
  });

  it('marks what arrived while disconnected, in the order it was written, once even when offered twice', async () => {
    const from = '6281200000002';
    const history = [
      customerText(channel.id, { id: 'H-3', from, text: 'third', at: at(30) }),
      customerText(channel.id, { id: 'H-1', from, text: 'first', at: at(50) }),
      customerText(channel.id, { id: 'H-2', from, text: 'second', at: at(40) }),
    ];
    // Live first (the phone delivered one at once), then the history that contains it.
    await hooks.onEvent({ kind: 'events', origin: 'live', events: [history[1]!] });
    await hooks.onEvent({ kind: 'events', origin: 'caught_up', events: history });
    await hooks.onEvent({ kind: 'events', origin: 'caught_up', events: [...history].reverse() });
    const stored = await messagesOf(from);
    expect(stored.map((m) => m.text)).toEqual(['first', 'second', 'third']);
    expect(stored.map((m) => (m.payload as { caughtUp?: boolean }).caughtUp ?? false)).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('keeps an @lid customer in one chat that gains the phone number when WhatsApp maps it', async () => {
    const lid = '90000000000001@lid';
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [
        customerText(channel.id, {
          id: 'L-1',
          from: lid,
          text: 'dari lid',
          at: at(5),
          phone: null,
        }),
      ],
    });
    await hooks.onEvent({ kind: 'identity', lid, phone: '6281200000003' });
    // The same person, now named by phone: still the LID's chat, not a second one.
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [
        customerText(channel.id, { id: 'L-2', from: '6281200000003', text: 'dari hp', at: at(4) }),
      ],
    });
    const chats = await ctx.deps.db
      .selectFrom('chats as c')
      .innerJoin('contacts as ct', 'ct.id', 'c.contact_id')
      .select(['c.identifier', 'ct.phone'])
      .where('c.channel_id', '=', channel.id)
      .where('c.identifier', 'in', [lid, '6281200000003'])
      .execute();
    expect(chats).toEqual([{ identifier: lid, phone: normalizePhone('6281200000003') }]);
    expect((await messagesOf(lid)).map((m) => m.text)).toEqual(['dari lid', 'dari hp']);
  });

  it('drops group chats unless the channel turned them on', async () => {
    const group = '120363000000000001@g.us';
    const groupEvent = (id: string) =>
      customerText(channel.id, { id, from: group, text: 'grup', at: at(3), phone: null });
    await hooks.onEvent({ kind: 'events', origin: 'live', events: [groupEvent('G-1')] });
    expect(await messagesOf(group)).toHaveLength(0);

    const withGroups = await createLinkedChannel(ctx, accountId, { includeGroups: true });
    const other = await attachLinkedSession(
      ctx.deps,
      withGroups.id,
      () => new FakeLinkedSession(),
      await leaseLinked(ctx, withGroups.id),
      { manual: true },
    );
    await other.onEvent({
      kind: 'events',
      origin: 'live',
      events: [{ ...groupEvent('G-2'), channelExternalId: 'whatever-the-driver-said' }],
    });
    await other.detach();
    const stored = await ctx.deps.db
      .selectFrom('messages')
      .select('provider_message_id')
      .where('channel_id', '=', withGroups.id)
      .execute();
    expect(stored).toEqual([{ provider_message_id: 'G-2' }]);
  });

  it('stores a reaction on a message like the Cloud API’s', async () => {
    const from = '6281200000004';
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [
        customerText(channel.id, { id: 'R-0', from, text: 'foto', at: at(2) }),
        {
          kind: 'reaction',
          channelExternalId: channel.id,
          timestamp: at(1),
          direction: 'incoming',
          customer: { identifier: from, name: 'Budi', phone: from },
          providerMessageId: 'R-1',
          targetProviderMessageId: 'R-0',
          action: 'react',
          emoji: '👍',
          reaction: null,
          appId: null,
        },
      ],
    });
    const stored = await messagesOf(from);
    expect(stored.map((m) => m.provider_message_id)).toEqual(['R-0', 'R-1']);
    expect(stored[1]?.payload).toMatchObject({
      reaction: { emoji: '👍', targetProviderId: 'R-0' },
    });
  });

  it('downloads an inbound file through the owner’s session into storage, not through a job', async () => {
    const from = '6281200000005';
    session.files.set('MEDIA-1', { bytes: Buffer.from('jpeg-bytes'), mimeType: 'image/jpeg' });
    ctx.jobs.queued.length = 0;
    await hooks.onEvent({
      kind: 'events',
      origin: 'live',
      events: [
        {
          ...customerText(channel.id, { id: 'M-1', from, text: '', at: at(1) }),
          msgType: 'image',
          payload: {},
          media: {
            source: 'provider_id',
            providerMediaId: 'MEDIA-1',
            mimeType: 'image/jpeg',
            sha256: null,
            filename: null,
          },
        },
      ],
    });
    expect(ctx.jobs.queued.filter((j) => j.name === 'media.fetch')).toEqual([]);
    const drained = await hooks.outbox.drainOnce();
    expect(drained.media).toBe(1);
    const row = await ctx.deps.db
      .selectFrom('messages as m')
      .innerJoin('media as md', 'md.id', 'm.media_id')
      .select(['m.media_pending', 'md.mime_type', 'md.size_bytes'])
      .where('m.provider_message_id', '=', 'M-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_pending: false, mime_type: 'image/jpeg' });
    expect(Number(row.size_bytes)).toBe('jpeg-bytes'.length);
  });
});
