import { describe, expect, it } from 'vitest';
import { DEMO_INSTAGRAM_ACCOUNT, DEMO_MESSENGER_PAGE, META_INBOX_APP_ID } from '../demo.js';
import {
  FIXTURE_IGSID,
  FIXTURE_MIDS,
  FIXTURE_PSID,
  FIXTURE_TIME,
  INSTAGRAM_FIXTURES,
  MESSENGER_FIXTURES,
} from './fixtures.js';
import type { MessagingEvent, MetaWebhook } from './payloads.js';

const PAGE = DEMO_MESSENGER_PAGE.pageId;
const IG = DEMO_INSTAGRAM_ACCOUNT.instagramAccountId;

const only = (hook: MetaWebhook): MessagingEvent => {
  expect(hook.entry).toHaveLength(1);
  const events = hook.entry[0]!.messaging ?? hook.entry[0]!.standby ?? [];
  expect(events).toHaveLength(1);
  return events[0]!;
};

describe('Messenger / Instagram webhook fixtures', () => {
  it('cover every event kind of both objects the issue names', () => {
    expect(Object.keys(MESSENGER_FIXTURES).sort()).toEqual(
      [
        'text',
        'reply',
        'image',
        'video',
        'audio',
        'file',
        'sticker',
        'quickReply',
        'postback',
        'reaction',
        'unreaction',
        'read',
        'delivery',
        'echoOwnSend',
        'echoFromMetaApp',
        'standby',
        'reactionEchoFromMetaApp',
        'reactionEchoOwn',
      ].sort(),
    );
    expect(Object.keys(INSTAGRAM_FIXTURES).sort()).toEqual(
      [
        'text',
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
        'unreaction',
        'read',
        'unsend',
        'echoOwnSend',
        'echoFromMetaApp',
        'standby',
        'reactionEchoFromMetaApp',
        'reactionEchoOwn',
      ].sort(),
    );
  });

  it('put the Page / IG account in entry[].id and, except on echoes, in recipient', () => {
    for (const [object, account, user, fixtures] of [
      ['page', PAGE, FIXTURE_PSID, MESSENGER_FIXTURES],
      ['instagram', IG, FIXTURE_IGSID, INSTAGRAM_FIXTURES],
    ] as const) {
      for (const hook of Object.values(fixtures) as MetaWebhook[]) {
        expect(hook.object).toBe(object);
        expect(hook.entry[0]!.id).toBe(account);
        const event = only(hook);
        const echo = event.message?.is_echo === true || event.reaction?.is_echo === true;
        expect(event.sender.id).toBe(echo ? account : user);
        expect(event.recipient.id).toBe(echo ? user : account);
      }
    }
  });

  // Written out by hand from reference meta-messaging.md §3.1 and instagram-messenger.md, so a
  // change to the builders that strays from Meta's shapes fails here.
  it('match the reference, written out by hand', () => {
    expect(MESSENGER_FIXTURES.text).toEqual({
      object: 'page',
      entry: [
        {
          id: PAGE,
          time: FIXTURE_TIME,
          messaging: [
            {
              sender: { id: FIXTURE_PSID },
              recipient: { id: PAGE },
              timestamp: FIXTURE_TIME,
              message: { mid: FIXTURE_MIDS.messengerText, text: 'Halo, stok masih ada?' },
            },
          ],
        },
      ],
    });
    expect(only(MESSENGER_FIXTURES.image).message?.attachments).toEqual([
      { type: 'image', payload: { url: expect.stringMatching(/^https:\/\/scontent/) } },
    ]);
    expect(only(MESSENGER_FIXTURES.read).read).toEqual({ watermark: FIXTURE_TIME + 5000 });
    expect(only(MESSENGER_FIXTURES.delivery)).toEqual({
      sender: { id: FIXTURE_PSID },
      recipient: { id: PAGE },
      delivery: { mids: [FIXTURE_MIDS.messengerBusiness], watermark: FIXTURE_TIME + 5000 },
    });
    expect(only(MESSENGER_FIXTURES.reaction).reaction).toEqual({
      mid: FIXTURE_MIDS.messengerBusiness,
      action: 'react',
      reaction: 'love',
      emoji: '❤️',
    });
    expect(only(MESSENGER_FIXTURES.unreaction).reaction).toEqual({
      mid: FIXTURE_MIDS.messengerBusiness,
      action: 'unreact',
    });
    expect(only(MESSENGER_FIXTURES.postback).postback).toEqual({
      mid: 'm_fixturePostback01',
      title: 'Cek pesanan',
      payload: 'ORDER_STATUS',
    });
    expect(only(MESSENGER_FIXTURES.echoFromMetaApp).message).toEqual({
      mid: 'm_fixtureEcho02',
      is_echo: true,
      app_id: META_INBOX_APP_ID,
      text: 'Dari HP admin',
    });
    expect(only(MESSENGER_FIXTURES.reactionEchoFromMetaApp)).toEqual({
      sender: { id: PAGE },
      recipient: { id: FIXTURE_PSID },
      timestamp: FIXTURE_TIME + 16_000,
      reaction: {
        mid: FIXTURE_MIDS.messengerText,
        action: 'react',
        reaction: 'like',
        emoji: '👍',
        is_echo: true,
        app_id: META_INBOX_APP_ID,
      },
    });
    expect(MESSENGER_FIXTURES.standby.entry[0]).not.toHaveProperty('messaging');
    expect(only(INSTAGRAM_FIXTURES.storyReply).message).toEqual({
      mid: 'aWdfZAG1fixtureStory01',
      text: 'Ini masih ada?',
      reply_to: {
        story: { url: expect.stringMatching(/^https:\/\/lookaside/), id: '17900000000000099' },
      },
    });
    expect(only(INSTAGRAM_FIXTURES.storyMention).message).toEqual({
      mid: 'aWdfZAG1fixtureMention01',
      attachments: [{ type: 'story_mention', payload: { url: expect.any(String) } }],
    });
    expect(only(INSTAGRAM_FIXTURES.read).read).toEqual({ mid: FIXTURE_MIDS.instagramBusiness });
    expect(only(INSTAGRAM_FIXTURES.unsend).message).toEqual({
      mid: FIXTURE_MIDS.instagramText,
      is_deleted: true,
    });
    expect(only(INSTAGRAM_FIXTURES.quickReply).message).toEqual({
      mid: 'aWdfZAG1fixtureQuick01',
      text: 'Mau',
      quick_reply: { payload: 'WANT_IT' },
    });
  });
});
