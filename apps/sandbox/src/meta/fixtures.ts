// One webhook of every event kind for both objects, written from the reference with the demo
// ids (`@sapa/sandbox/meta-fixtures`): parser tests in Sapa can feed these as Meta would send
// them. Built with the same builders the running sandbox delivers, so the two cannot drift.
import {
  DEMO_INSTAGRAM_ACCOUNT,
  DEMO_MESSENGER_PAGE,
  META_INBOX_APP_ID,
  SAPA_APP_ID,
} from '../demo.js';
import {
  attachmentMessage,
  deliveryEvent,
  echoEvent,
  metaWebhook,
  postbackEvent,
  quickReplyMessage,
  reactionEchoEvent,
  reactionEvent,
  readEvent,
  storyMention,
  storyReply,
  textMessage,
  unsendMessage,
  urlAttachment,
  type EventBase,
  type MetaWebhook,
} from './payloads.js';

/** 2026-01-15 10:00:00 +07:00, in ms as Meta sends timestamps. */
export const FIXTURE_TIME = 1768446000000;

export const FIXTURE_PSID = '2400000000000001';
export const FIXTURE_IGSID = '1780000000000001';

const page = DEMO_MESSENGER_PAGE.pageId;
const ig = DEMO_INSTAGRAM_ACCOUNT.instagramAccountId;
const fb: EventBase = { user: FIXTURE_PSID, account: page, timestamp: FIXTURE_TIME };
const insta: EventBase = { user: FIXTURE_IGSID, account: ig, timestamp: FIXTURE_TIME };

/** Messenger and Instagram message ids of the fixtures (a reply or reaction names one). */
export const FIXTURE_MIDS = {
  messengerText: 'm_AG5Hz2Uq7tuwNEhXfYYKj8mJEM_QPpz5jdCK1xMmsk9fixture1',
  messengerBusiness: 'm_Wz1xFixtureBusinessMessageOfTheDemoPage0000000000002',
  instagramText: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAxOmZpeHR1cmUx',
  instagramBusiness: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAxOmZpeHR1cmUy',
} as const;

const cdn = (path: string) =>
  `https://scontent.xx.fbcdn.net/v/t1.15752-9/${path}?_nc_cat=1&oh=00_AfD1fixture&oe=6790A1B2`;
const lookaside = (asset: string) =>
  `https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=${asset}&signature=AbFixtureSignature`;

const m = FIXTURE_MIDS;
const at = (n: number) => ({ ...fb, timestamp: FIXTURE_TIME + n * 1000 });
const ia = (n: number) => ({ ...insta, timestamp: FIXTURE_TIME + n * 1000 });

export const MESSENGER_FIXTURES = {
  text: metaWebhook('messenger', page, [textMessage(fb, m.messengerText, 'Halo, stok masih ada?')]),
  reply: metaWebhook('messenger', page, [
    textMessage(at(1), 'm_fixtureReply01', 'Yang warna biru ya', m.messengerBusiness),
  ]),
  image: metaWebhook('messenger', page, [
    attachmentMessage(at(2), 'm_fixtureImage01', [urlAttachment('image', cdn('photo.jpg'))]),
  ]),
  video: metaWebhook('messenger', page, [
    attachmentMessage(at(3), 'm_fixtureVideo01', [urlAttachment('video', cdn('clip.mp4'))]),
  ]),
  audio: metaWebhook('messenger', page, [
    attachmentMessage(at(4), 'm_fixtureAudio01', [urlAttachment('audio', cdn('voice.mp4'))]),
  ]),
  file: metaWebhook('messenger', page, [
    attachmentMessage(at(5), 'm_fixtureFile01', [urlAttachment('file', cdn('invoice.pdf'))]),
  ]),
  sticker: metaWebhook('messenger', page, [
    attachmentMessage(at(6), 'm_fixtureSticker01', [
      urlAttachment('sticker', cdn('sticker.png'), { sticker_id: 369239263222822 }),
    ]),
  ]),
  quickReply: metaWebhook('messenger', page, [
    quickReplyMessage(at(7), 'm_fixtureQuick01', 'Ya, kirim', 'CONFIRM_ORDER'),
  ]),
  postback: metaWebhook('messenger', page, [
    postbackEvent(at(8), {
      mid: 'm_fixturePostback01',
      title: 'Cek pesanan',
      payload: 'ORDER_STATUS',
    }),
  ]),
  reaction: metaWebhook('messenger', page, [reactionEvent(at(9), m.messengerBusiness, '❤️')]),
  unreaction: metaWebhook('messenger', page, [reactionEvent(at(10), m.messengerBusiness, null)]),
  read: metaWebhook('messenger', page, [
    readEvent('messenger', at(11), { watermark: FIXTURE_TIME + 5000, mid: m.messengerBusiness }),
  ]),
  delivery: metaWebhook(
    'messenger',
    page,
    [deliveryEvent(fb, [m.messengerBusiness], FIXTURE_TIME + 5000)],
    { time: FIXTURE_TIME + 12_000 },
  ),
  /** Sapa's own send, echoed back: already stored by its mid, never a second message. */
  echoOwnSend: metaWebhook('messenger', page, [
    echoEvent(at(13), {
      mid: m.messengerBusiness,
      appId: SAPA_APP_ID,
      text: 'Masih ada kak, mau ukuran apa?',
    }),
  ]),
  /** A reply typed in Meta's own inbox: outgoing, sent from elsewhere. */
  echoFromMetaApp: metaWebhook('messenger', page, [
    echoEvent(at(14), { mid: 'm_fixtureEcho02', appId: META_INBOX_APP_ID, text: 'Dari HP admin' }),
  ]),
  standby: metaWebhook('messenger', page, [textMessage(at(15), 'm_fixtureStandby01', 'Halo?')], {
    standby: true,
  }),
  /** A person at the business reacted in Meta's own inbox: the business's reaction, echoed. */
  reactionEchoFromMetaApp: metaWebhook('messenger', page, [
    reactionEchoEvent(at(16), m.messengerText, '👍', META_INBOX_APP_ID),
  ]),
  /** The echo of a reaction Sapa's app put (`sender_action: react`): nothing new for Sapa. */
  reactionEchoOwn: metaWebhook('messenger', page, [
    reactionEchoEvent(at(17), m.messengerText, '❤️', SAPA_APP_ID),
  ]),
} satisfies Record<string, MetaWebhook>;

export const INSTAGRAM_FIXTURES = {
  text: metaWebhook('instagram', ig, [textMessage(insta, m.instagramText, 'Kak, ready size M?')]),
  reply: metaWebhook('instagram', ig, [
    textMessage(ia(1), 'aWdfZAG1fixtureReply01', 'Yang ini kak', m.instagramBusiness),
  ]),
  image: metaWebhook('instagram', ig, [
    attachmentMessage(ia(2), 'aWdfZAG1fixtureImage01', [
      urlAttachment('image', lookaside('17900000000000001')),
    ]),
  ]),
  video: metaWebhook('instagram', ig, [
    attachmentMessage(ia(3), 'aWdfZAG1fixtureVideo01', [
      urlAttachment('video', lookaside('17900000000000002')),
    ]),
  ]),
  audio: metaWebhook('instagram', ig, [
    attachmentMessage(ia(4), 'aWdfZAG1fixtureAudio01', [
      urlAttachment('audio', lookaside('17900000000000003')),
    ]),
  ]),
  file: metaWebhook('instagram', ig, [
    attachmentMessage(ia(5), 'aWdfZAG1fixtureFile01', [
      urlAttachment('file', lookaside('17900000000000004')),
    ]),
  ]),
  storyReply: metaWebhook('instagram', ig, [
    storyReply(ia(6), 'aWdfZAG1fixtureStory01', 'Ini masih ada?', {
      url: lookaside('17900000000000005'),
      id: '17900000000000099',
    }),
  ]),
  storyMention: metaWebhook('instagram', ig, [
    storyMention(ia(7), 'aWdfZAG1fixtureMention01', lookaside('17900000000000006')),
  ]),
  quickReply: metaWebhook('instagram', ig, [
    quickReplyMessage(ia(8), 'aWdfZAG1fixtureQuick01', 'Mau', 'WANT_IT'),
  ]),
  postback: metaWebhook('instagram', ig, [
    postbackEvent(ia(9), {
      mid: 'aWdfZAG1fixturePostback01',
      title: 'Lihat katalog',
      payload: 'CATALOG',
    }),
  ]),
  reaction: metaWebhook('instagram', ig, [reactionEvent(ia(10), m.instagramBusiness, '❤️')]),
  unreaction: metaWebhook('instagram', ig, [reactionEvent(ia(11), m.instagramBusiness, null)]),
  read: metaWebhook('instagram', ig, [
    readEvent('instagram', ia(12), { watermark: FIXTURE_TIME, mid: m.instagramBusiness }),
  ]),
  unsend: metaWebhook('instagram', ig, [unsendMessage(ia(13), m.instagramText)]),
  echoOwnSend: metaWebhook('instagram', ig, [
    echoEvent(ia(14), { mid: m.instagramBusiness, appId: SAPA_APP_ID, text: 'Ready kak!' }),
  ]),
  echoFromMetaApp: metaWebhook('instagram', ig, [
    echoEvent(ia(15), {
      mid: 'aWdfZAG1fixtureEcho02',
      appId: META_INBOX_APP_ID,
      text: 'Dibalas dari aplikasi Instagram',
    }),
  ]),
  standby: metaWebhook('instagram', ig, [textMessage(ia(16), 'aWdfZAG1fixtureStandby01', 'Halo')], {
    standby: true,
  }),
  reactionEchoFromMetaApp: metaWebhook('instagram', ig, [
    reactionEchoEvent(ia(17), m.instagramText, '😮', META_INBOX_APP_ID),
  ]),
  reactionEchoOwn: metaWebhook('instagram', ig, [
    reactionEchoEvent(ia(18), m.instagramText, '❤️', SAPA_APP_ID),
  ]),
} satisfies Record<string, MetaWebhook>;
