import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { META_INBOX_APP_ID, SAPA_APP_ID } from '@sapa/sandbox/demo';
import {
  FIXTURE_IGSID,
  FIXTURE_MIDS,
  FIXTURE_PSID,
  INSTAGRAM_FIXTURES,
  MESSENGER_FIXTURES,
} from '@sapa/sandbox/meta-fixtures';
import type { DomainEvent } from '../../events/bus.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createPageChannel } from '../../test/fixtures.js';
import { signed } from '../../test/whatsapp-fixtures.js';

/**
 * Every Messenger and Instagram webhook kind, from the sandbox's fixtures (written from Meta's
 * reference), through POST /webhooks/meta into the inbox.
 */
let ctx: TestContext;
let accountId: string;
let messenger: { id: string };
let instagram: { id: string };
const published: DomainEvent[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ metaAppId: String(SAPA_APP_ID) });
  accountId = await createAccount(ctx);
  messenger = await createPageChannel(ctx, accountId, 'messenger');
  instagram = await createPageChannel(ctx, accountId, 'instagram');
  const publish = ctx.deps.events.publish.bind(ctx.deps.events);
  ctx.deps.events.publish = (event: DomainEvent) => {
    published.push(event);
    publish(event);
  };
}, 60_000);
afterAll(() => ctx.close());

const post = async (payload: unknown) => {
  const { body, headers } = signed(payload);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/webhooks/meta',
    payload: body,
    headers,
  });
  expect(res.statusCode).toBe(200);
};

const messages = (channelId: string) =>
  ctx.deps.db
    .selectFrom('messages')
    .select([
      'id',
      'provider_message_id',
      'msg_type',
      'text',
      'payload',
      'from_me',
      'status',
      'reply_to_provider_id',
      'media_pending',
      'chat_id',
    ])
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .execute();
const byMid = async (channelId: string, mid: string) =>
  (await messages(channelId)).find((m) => m.provider_message_id === mid);

/** A message Sapa sent earlier in the chat, linked to its mid (as the send job leaves it). */
async function sapaSent(channelId: string, identifier: string, mid: string, at: Date) {
  const chat = await ctx.deps.db
    .selectFrom('chats')
    .select(['id', 'account_id'])
    .where('channel_id', '=', channelId)
    .where('identifier', '=', identifier)
    .executeTakeFirstOrThrow();
  await ctx.deps.db
    .insertInto('messages')
    .values({
      account_id: chat.account_id,
      chat_id: chat.id,
      channel_id: channelId,
      provider_message_id: mid,
      msg_type: 'text',
      text: 'Masih ada kak',
      payload: '{}',
      status: 'sent',
      from_me: true,
      sent_at: at,
    })
    .execute();
}

describe('Messenger webhooks into the inbox', () => {
  it('stores a text in the PSID chat, once however often Meta delivers it', async () => {
    await post(MESSENGER_FIXTURES.text);
    await post(MESSENGER_FIXTURES.text);
    const stored = (await messages(messenger.id)).filter(
      (m) => m.provider_message_id === FIXTURE_MIDS.messengerText,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ msg_type: 'text', text: 'Halo, stok masih ada?' });
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['identifier', 'channel', 'unread_count', 'contact_id'])
      .where('id', '=', stored[0]!.chat_id)
      .executeTakeFirstOrThrow();
    expect(chat).toMatchObject({ identifier: FIXTURE_PSID, channel: 'messenger', unread_count: 1 });
    // The profile is asked once, off the webhook.
    expect(ctx.jobs.history.filter((j) => j.name === 'chat.profile')).toEqual([
      expect.objectContaining({ data: { chatId: stored[0]!.chat_id, attempt: 0 } }),
    ]);
  });

  it('keeps what a reply quotes, files by URL (pending a download), quick replies and postbacks with their payloads', async () => {
    await sapaSent(
      messenger.id,
      FIXTURE_PSID,
      FIXTURE_MIDS.messengerBusiness,
      new Date(1768446000000 - 60_000),
    );
    for (const kind of [
      'reply',
      'image',
      'video',
      'audio',
      'file',
      'sticker',
      'quickReply',
      'postback',
    ] as const)
      await post(MESSENGER_FIXTURES[kind]);
    expect(await byMid(messenger.id, 'm_fixtureReply01')).toMatchObject({
      text: 'Yang warna biru ya',
      reply_to_provider_id: FIXTURE_MIDS.messengerBusiness,
    });
    const image = await byMid(messenger.id, 'm_fixtureImage01');
    expect(image).toMatchObject({ msg_type: 'image', media_pending: true });
    expect((image!.payload as { media: unknown }).media).toMatchObject({
      source: 'url',
      url: expect.stringContaining('photo.jpg'),
      stored: false,
    });
    for (const [mid, type] of [
      ['m_fixtureVideo01', 'video'],
      ['m_fixtureAudio01', 'audio'],
      ['m_fixtureFile01', 'document'],
    ] as const)
      expect((await byMid(messenger.id, mid))?.msg_type).toBe(type);
    expect(await byMid(messenger.id, 'm_fixtureQuick01')).toMatchObject({
      msg_type: 'button',
      text: 'Ya, kirim',
      payload: { reply: { id: 'CONFIRM_ORDER', title: 'Ya, kirim' } },
    });
    expect(await byMid(messenger.id, 'm_fixturePostback01')).toMatchObject({
      msg_type: 'button',
      text: 'Cek pesanan',
      payload: { reply: { id: 'ORDER_STATUS' }, postback: true },
    });
  });

  it('attaches a reaction and its removal to the message they are on, each once', async () => {
    await post(MESSENGER_FIXTURES.reaction);
    await post(MESSENGER_FIXTURES.reaction);
    await post(MESSENGER_FIXTURES.unreaction);
    const reactions = (await messages(messenger.id)).filter(
      (m) => (m.payload as { reaction?: unknown }).reaction,
    );
    expect(reactions.map((r) => r.payload)).toEqual([
      { reaction: { emoji: '❤️', targetProviderId: FIXTURE_MIDS.messengerBusiness } },
      { reaction: { emoji: '', targetProviderId: FIXTURE_MIDS.messengerBusiness } },
    ]);
  });

  it('moves Sapa’s messages forward on delivery and read receipts, telling the screens', async () => {
    published.length = 0;
    await post(MESSENGER_FIXTURES.delivery);
    expect((await byMid(messenger.id, FIXTURE_MIDS.messengerBusiness))?.status).toBe('delivered');
    await post(MESSENGER_FIXTURES.read);
    expect((await byMid(messenger.id, FIXTURE_MIDS.messengerBusiness))?.status).toBe('read');
    expect(
      published.filter((e) => e.type === 'message.status').map((e) => 'status' in e && e.status),
    ).toEqual(['delivered', 'read']);
    // A late delivery never moves it back.
    await post(MESSENGER_FIXTURES.delivery);
    expect((await byMid(messenger.id, FIXTURE_MIDS.messengerBusiness))?.status).toBe('read');
  });

  it('the echo of Sapa’s own send adds nothing; a reply typed in Meta’s app is outgoing, once', async () => {
    const before = (await messages(messenger.id)).length;
    await post(MESSENGER_FIXTURES.echoOwnSend);
    expect((await messages(messenger.id)).length).toBe(before);
    published.length = 0;
    await post(MESSENGER_FIXTURES.echoFromMetaApp);
    await post(MESSENGER_FIXTURES.echoFromMetaApp);
    const echoes = (await messages(messenger.id)).filter(
      (m) => m.provider_message_id === 'm_fixtureEcho02',
    );
    expect(echoes).toHaveLength(1);
    expect(echoes[0]).toMatchObject({ from_me: true, status: 'sent', text: 'Dari HP admin' });
    const created = published.filter((e) => e.type === 'message.created');
    expect(created).toHaveLength(1);
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['last_message_text', 'last_message_from_me'])
      .where('id', '=', echoes[0]!.chat_id)
      .executeTakeFirstOrThrow();
    expect(chat).toEqual({ last_message_text: 'Dari HP admin', last_message_from_me: true });
  });

  it('a reaction put in Meta’s app is the business’s on that message, once; Sapa’s own adds nothing', async () => {
    const before = await messages(messenger.id);
    const chatBefore = await ctx.deps.db
      .selectFrom('chats')
      .select(['last_message_text', 'last_update'])
      .where('id', '=', before[0]!.chat_id)
      .executeTakeFirstOrThrow();
    await post(MESSENGER_FIXTURES.reactionEchoOwn);
    expect(await messages(messenger.id)).toHaveLength(before.length);
    published.length = 0;
    await post(MESSENGER_FIXTURES.reactionEchoFromMetaApp);
    await post(MESSENGER_FIXTURES.reactionEchoFromMetaApp);
    const added = (await messages(messenger.id)).slice(before.length);
    expect(added).toMatchObject([
      {
        from_me: true,
        msg_type: 'information',
        status: 'sent',
        text: 'Reacted 👍 to a message',
        chat_id: before[0]!.chat_id,
        payload: {
          reaction: { emoji: '👍', targetProviderId: FIXTURE_MIDS.messengerText },
          echo: { appId: String(META_INBOX_APP_ID) },
        },
      },
    ]);
    const created = published.flatMap((e) => (e.type === 'message.created' ? [e.message] : []));
    expect(created.map((m) => m.from_me)).toEqual([true]);
    // A reaction is not a turn of the conversation: the chat keeps its preview and place.
    const chatAfter = await ctx.deps.db
      .selectFrom('chats')
      .select(['last_message_text', 'last_update'])
      .where('id', '=', before[0]!.chat_id)
      .executeTakeFirstOrThrow();
    expect(chatAfter).toEqual(chatBefore);
  });

  it('an echo without Sapa’s app id but with a mid Sapa already stored is that message', async () => {
    const before = (await messages(messenger.id)).length;
    const body = structuredClone(MESSENGER_FIXTURES.echoFromMetaApp) as {
      entry: { messaging: { message: { mid: string } }[] }[];
    };
    body.entry[0]!.messaging[0]!.message.mid = FIXTURE_MIDS.messengerBusiness;
    await post(body);
    expect((await messages(messenger.id)).length).toBe(before);
  });
});

describe('Instagram webhooks into the inbox', () => {
  it('stores every customer kind in the IGSID chat, story replies and mentions with their story', async () => {
    await post(INSTAGRAM_FIXTURES.text);
    await sapaSent(
      instagram.id,
      FIXTURE_IGSID,
      FIXTURE_MIDS.instagramBusiness,
      new Date(1768446000000 - 60_000),
    );
    for (const kind of [
      'reply',
      'image',
      'video',
      'audio',
      'file',
      'storyReply',
      'storyMention',
      'quickReply',
      'postback',
      'reaction',
    ] as const)
      await post(INSTAGRAM_FIXTURES[kind]);
    const all = await messages(instagram.id);
    const chats = new Set(all.map((m) => m.chat_id));
    expect(chats.size).toBe(1);
    const story = await byMid(instagram.id, 'aWdfZAG1fixtureStory01');
    expect(story).toMatchObject({ text: 'Ini masih ada?', media_pending: true });
    expect((story!.payload as { story: unknown }).story).toMatchObject({
      type: 'reply',
      url: expect.stringContaining('17900000000000005'),
    });
    const mention = await byMid(instagram.id, 'aWdfZAG1fixtureMention01');
    expect(JSON.stringify(mention!.payload)).toContain('17900000000000006');
    expect(await byMid(instagram.id, 'aWdfZAG1fixtureReply01')).toMatchObject({
      reply_to_provider_id: FIXTURE_MIDS.instagramBusiness,
    });
    expect(all.find((m) => (m.payload as { reaction?: unknown }).reaction)?.payload).toEqual({
      reaction: { emoji: '❤️', targetProviderId: FIXTURE_MIDS.instagramBusiness },
    });
  });

  it('a read of a mid marks that message read', async () => {
    await post(INSTAGRAM_FIXTURES.read);
    expect((await byMid(instagram.id, FIXTURE_MIDS.instagramBusiness))?.status).toBe('read');
  });

  it('an unsent message loses its words and says so, on the screens too', async () => {
    published.length = 0;
    await post(INSTAGRAM_FIXTURES.unsend);
    const gone = await byMid(instagram.id, FIXTURE_MIDS.instagramText);
    expect(gone).toMatchObject({ text: '' });
    expect((gone!.payload as { unsent?: unknown }).unsent).toBeTruthy();
    expect(published.map((e) => e.type)).toContain('message.updated');
  });

  it('echoes: Sapa’s own adds nothing, one from the Instagram app is outgoing once', async () => {
    const before = (await messages(instagram.id)).length;
    await post(INSTAGRAM_FIXTURES.echoOwnSend);
    expect((await messages(instagram.id)).length).toBe(before);
    await post(INSTAGRAM_FIXTURES.echoFromMetaApp);
    await post(INSTAGRAM_FIXTURES.echoFromMetaApp);
    expect(
      (await messages(instagram.id)).filter(
        (m) => m.provider_message_id === 'aWdfZAG1fixtureEcho02',
      ),
    ).toMatchObject([{ from_me: true, text: 'Dibalas dari aplikasi Instagram' }]);
  });

  it('the two channels keep one contact each for their customer', async () => {
    const contacts = await ctx.deps.db
      .selectFrom('chats')
      .select(['contact_id', 'channel'])
      .where('account_id', '=', accountId)
      .execute();
    expect(new Set(contacts.map((c) => c.contact_id)).size).toBe(contacts.length);
  });

  it('a burst of first messages makes one chat and one contact per customer', async () => {
    const item = (customer: string, mid: string) => ({
      object: 'page',
      entry: [
        {
          id: '300000000000001',
          time: 1768446100000,
          messaging: [
            {
              sender: { id: customer },
              recipient: { id: '300000000000001' },
              timestamp: 1768446100000,
              message: { mid, text: 'Halo' },
            },
          ],
        },
      ],
    });
    const customers = ['2400000000077001', '2400000000077002', '2400000000077003'];
    await Promise.all(
      customers.flatMap((c, i) => [
        post(item(c, `m_burst_${i}_a`)),
        post(item(c, `m_burst_${i}_b`)),
      ]),
    );
    const chats = await ctx.deps.db
      .selectFrom('chats')
      .select(['identifier', 'contact_id'])
      .where('identifier', 'in', customers)
      .execute();
    expect(chats.map((c) => c.identifier).sort()).toEqual(customers);
    expect(new Set(chats.map((c) => c.contact_id)).size).toBe(3);
    const stored = (await messages(messenger.id)).filter((m) =>
      m.provider_message_id?.startsWith('m_burst_'),
    );
    expect(stored).toHaveLength(6);
  });
});
