import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { SandboxConfig } from '../config.js';
import { META_INBOX_APP_ID, SAPA_APP_ID } from '../demo.js';
import { testSandbox, verifySignature, type WebhookReceiver } from '../test/helpers.js';
import {
  customerDoes,
  IG,
  IG_AUTH,
  IGSID,
  metaEvents,
  PAGE,
  pageSend,
  PSID,
  reply,
  waitForEvent,
} from '../test/meta.js';
import { encodePng } from './png.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let config: SandboxConfig;
let clock: ManualClock;

beforeEach(async () => {
  clock = new ManualClock();
  ({ app, receiver, config } = await testSandbox({ lookasideTtlMs: 60_000 }, clock));
});
afterEach(async () => {
  await app.close();
  await receiver.stop();
});

const png = encodePng(3, 3, () => [10, 120, 250]);
const photo = { data: png.toString('base64'), mime_type: 'image/png', filename: 'shoe.png' };

/** Fetches a CDN URL the sandbox put in a webhook (it is on the sandbox's own host). */
const fetchCdn = (url: string) => app.inject({ url: url.replace(config.publicUrl, '') });

describe('customer events reach Sapa as signed Messenger / Instagram webhooks', () => {
  it('a Messenger text: object page, the Page as entry and recipient, signed like WhatsApp', async () => {
    const { mid } = await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Halo' });
    const got = await waitForEvent(receiver, (e) => e.event.message?.mid === mid);
    const hook = receiver.received[got.index]!;
    expect(verifySignature(hook.raw, hook.headers['x-hub-signature-256'], config.appSecret)).toBe(
      true,
    );
    expect(hook.json).toEqual({
      object: 'page',
      entry: [
        {
          id: PAGE,
          time: clock.now(),
          messaging: [
            {
              sender: { id: PSID },
              recipient: { id: PAGE },
              timestamp: clock.now(),
              message: { mid, text: 'Halo' },
            },
          ],
        },
      ],
    });
    expect(mid).toMatch(/^m_/);
  });

  it('an Instagram photo arrives by a CDN URL that serves the bytes, then expires', async () => {
    const { mid } = await customerDoes(app, 'instagram', IGSID, {
      type: 'attachment',
      attachments: [photo],
    });
    const got = await waitForEvent(receiver, (e) => e.event.message?.mid === mid);
    expect(got.object).toBe('instagram');
    expect(got.entryId).toBe(IG);
    const [attachment] = got.event.message!.attachments!;
    expect(attachment).toEqual({ type: 'image', payload: { url: expect.any(String) } });
    const url = String(attachment!.payload.url);
    expect(url).toMatch(/\/lookaside\/v\/\d+\.png\?oh=[0-9a-f]+&oe=[0-9a-f]+$/);
    const fresh = await fetchCdn(url);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-type']).toBe('image/png');
    expect(fresh.rawPayload.equals(png)).toBe(true);
    const tampered = await fetchCdn(url.replace(/oe=[0-9a-f]+/, 'oe=ffffffff'));
    expect(tampered.statusCode).toBe(403);
    expect(tampered.body).toBe('Bad URL hash');
    clock.advance(61_000);
    const stale = await fetchCdn(url);
    expect(stale.statusCode).toBe(403);
    expect(stale.body).toBe('URL signature expired');
  });

  it('replies, quick replies, postbacks and reactions carry what the reference names', async () => {
    const first = await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const replied = await customerDoes(app, 'messenger', PSID, {
      type: 'text',
      text: 'about that',
      replyTo: first.mid,
    });
    const quick = await customerDoes(app, 'messenger', PSID, {
      type: 'quick_reply',
      text: 'Ya',
      payload: 'YES',
    });
    const postback = await customerDoes(app, 'messenger', PSID, {
      type: 'postback',
      title: 'Cek pesanan',
      payload: 'ORDER',
    });
    await customerDoes(app, 'messenger', PSID, { type: 'reaction', mid: first.mid, emoji: '😮' });
    await customerDoes(app, 'messenger', PSID, { type: 'reaction', mid: first.mid, emoji: null });
    // Webhooks race like Meta's (ordering is not guaranteed): find each by what it names.
    await receiver.waitFor(() => metaEvents(receiver).length >= 6);
    const events = metaEvents(receiver).map((e) => e.event);
    expect(events.find((e) => e.message?.mid === replied.mid)?.message).toEqual({
      mid: replied.mid,
      text: 'about that',
      reply_to: { mid: first.mid },
    });
    expect(events.find((e) => e.message?.mid === quick.mid)?.message).toEqual({
      mid: quick.mid,
      text: 'Ya',
      quick_reply: { payload: 'YES' },
    });
    expect(events.find((e) => e.postback)?.postback).toEqual({
      mid: postback.mid,
      title: 'Cek pesanan',
      payload: 'ORDER',
    });
    expect(events.filter((e) => e.reaction).map((e) => e.reaction)).toEqual(
      expect.arrayContaining([
        { mid: first.mid, action: 'react', reaction: 'wow', emoji: '😮' },
        { mid: first.mid, action: 'unreact' },
      ]),
    );
  });

  it('Instagram story replies and mentions, and unsent messages', async () => {
    const pages = (await app.inject({ url: '/sandbox/instagram-accounts' })).json<{
      data: Array<{ instagramAccountId: string; story: { id: string } }>;
    }>().data;
    const story = pages.find((a) => a.instagramAccountId === IG)!.story;
    const replied = await customerDoes(app, 'instagram', IGSID, {
      type: 'story_reply',
      text: 'Ada warna lain?',
    });
    const mention = await customerDoes(app, 'instagram', IGSID, { type: 'story_mention' });
    await customerDoes(app, 'instagram', IGSID, { type: 'unsend', mid: replied.mid });
    await receiver.waitFor(() => metaEvents(receiver).length >= 3);
    const events = metaEvents(receiver).map((e) => e.event);
    const reply1 = events.find((e) => e.message?.mid === replied.mid && !e.message.is_deleted);
    const mention1 = events.find((e) => e.message?.mid === mention.mid);
    const unsend = events.find((e) => e.message?.is_deleted);
    expect(reply1?.message).toEqual({
      mid: replied.mid,
      text: 'Ada warna lain?',
      reply_to: { story: { url: expect.stringContaining('/lookaside/v/'), id: story.id } },
    });
    const storyUrl = (reply1?.message?.reply_to as { story: { url: string } }).story.url;
    expect((await fetchCdn(storyUrl)).headers['content-type']).toBe('image/png');
    expect(mention1?.message).toEqual({
      mid: mention.mid,
      attachments: [{ type: 'story_mention', payload: { url: expect.any(String) } }],
    });
    expect(unsend?.message).toEqual({ mid: replied.mid, is_deleted: true });
    // Messenger has no stories.
    const res = await app.inject({
      method: 'POST',
      url: `/sandbox/messenger/${PAGE}/customers/${PSID}/messages`,
      payload: { type: 'story_reply', text: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('standby puts the event in entry[].standby', async () => {
    const { mid } = await customerDoes(app, 'messenger', PSID, {
      type: 'text',
      text: 'Halo',
      standby: true,
    });
    const got = await waitForEvent(receiver, (e) => e.event.message?.mid === mid);
    expect(got.standby).toBe(true);
  });

  it('retries a refused webhook with the same bytes; the customer sees Delivered after', async () => {
    receiver.replies = [500, 503];
    const { mid } = await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Halo' });
    await receiver.waitFor(() => receiver.received.length >= 3);
    expect(new Set(receiver.received.map((r) => r.raw.toString())).size).toBe(1);
    const thread = async () =>
      (await app.inject({ url: `/sandbox/messenger/${PAGE}/customers/${PSID}` })).json<{
        messages: Array<{ mid: string; status: string }>;
      }>().messages;
    for (let i = 0; i < 50 && (await thread())[0]?.status !== 'delivered'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await thread()).find((m) => m.mid === mid)?.status).toBe('delivered');
  });
});

describe('what the business sends comes back as echo, delivery and read events', () => {
  it('Messenger: echo with Sapa’s app_id and metadata, delivery, then read (watermark) on view', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const sent = await pageSend(
      app,
      reply(PSID, 'Halo!', { message: { text: 'Halo!', metadata: 'sapa:msg_1' } }),
    );
    const mid = sent.json<{ message_id: string }>().message_id;
    const echo = await waitForEvent(receiver, (e) => e.event.message?.is_echo === true);
    expect(echo.event).toEqual({
      sender: { id: PAGE },
      recipient: { id: PSID },
      timestamp: expect.any(Number),
      message: { mid, is_echo: true, app_id: SAPA_APP_ID, metadata: 'sapa:msg_1', text: 'Halo!' },
    });
    const delivery = await waitForEvent(receiver, (e) => !!e.event.delivery);
    expect(delivery.event).toEqual({
      sender: { id: PSID },
      recipient: { id: PAGE },
      delivery: { mids: [mid], watermark: expect.any(Number) },
    });
    await customerDoes(app, 'messenger', PSID, { type: 'read' });
    const read = await waitForEvent(receiver, (e) => !!e.event.read);
    expect(read.event.read).toEqual({ watermark: delivery.event.delivery!.watermark });
  });

  it('Instagram: echo in messages, no delivery event, read names the mid', async () => {
    await customerDoes(app, 'instagram', IGSID, { type: 'text', text: 'Hi' });
    const sent = await pageSend(app, reply(IGSID, 'Ready!'), { path: IG, auth: IG_AUTH });
    const mid = sent.json<{ message_id: string }>().message_id;
    const echo = await waitForEvent(receiver, (e) => e.event.message?.is_echo === true);
    expect(echo.object).toBe('instagram');
    expect(echo.event.sender).toEqual({ id: IG });
    await customerDoes(app, 'instagram', IGSID, { type: 'read' }, IG);
    const read = await waitForEvent(receiver, (e) => !!e.event.read);
    expect(read.event.read).toEqual({ mid });
    expect(metaEvents(receiver).some((e) => !!e.event.delivery)).toBe(false);
  });

  it('a reply typed in Meta’s app is an echo with Meta’s app_id, shown on the phone', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const res = await app.inject({
      method: 'POST',
      url: `/sandbox/messenger/${PAGE}/customers/${PSID}/echo`,
      payload: { text: 'Dibalas dari HP' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { mid } = res.json<{ mid: string }>();
    const echo = await waitForEvent(receiver, (e) => e.event.message?.mid === mid);
    expect(echo.event.message).toEqual({
      mid,
      is_echo: true,
      app_id: META_INBOX_APP_ID,
      text: 'Dibalas dari HP',
    });
    const thread = (
      await app.inject({ url: `/sandbox/messenger/${PAGE}/customers/${PSID}` })
    ).json<{
      messages: Array<{ mid: string; from: string; origin?: string }>;
    }>();
    expect(thread.messages.at(-1)).toMatchObject({ mid, from: 'business', origin: 'meta_app' });
  });
});

describe("the business's reactions come back as echoes", () => {
  it('a reaction put in Meta’s app: an echo with Meta’s app_id, on the phone too; unknown mid 404', async () => {
    const { mid } = await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Makasih' });
    const url = `/sandbox/messenger/${PAGE}/customers/${PSID}/echo`;
    const res = await app.inject({
      method: 'POST',
      url,
      payload: { reaction: { mid, emoji: '👍' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const echo = await waitForEvent(receiver, (e) => e.event.reaction?.is_echo === true);
    expect(echo.event).toEqual({
      sender: { id: PAGE },
      recipient: { id: PSID },
      timestamp: clock.now(),
      reaction: {
        mid,
        action: 'react',
        reaction: 'like',
        emoji: '👍',
        is_echo: true,
        app_id: META_INBOX_APP_ID,
      },
    });
    const thread = (
      await app.inject({ url: `/sandbox/messenger/${PAGE}/customers/${PSID}` })
    ).json<{ messages: Array<{ mid: string; reactions?: { business?: string } }> }>();
    expect(thread.messages.find((m) => m.mid === mid)?.reactions?.business).toBe('👍');

    const removed = await app.inject({
      method: 'POST',
      url,
      payload: { reaction: { mid, emoji: null } },
    });
    expect(removed.statusCode).toBe(201);
    const unreact = await waitForEvent(
      receiver,
      (e) => e.event.reaction?.is_echo === true && e.event.reaction.action === 'unreact',
    );
    expect(unreact.event.reaction).toEqual({
      mid,
      action: 'unreact',
      is_echo: true,
      app_id: META_INBOX_APP_ID,
    });
    const unknown = await app.inject({
      method: 'POST',
      url,
      payload: { reaction: { mid: 'm_nope', emoji: '👍' } },
    });
    expect(unknown.statusCode).toBe(404);
    const both = await app.inject({
      method: 'POST',
      url,
      payload: { text: 'x', reaction: { mid, emoji: '👍' } },
    });
    expect(both.statusCode).toBe(400);
  });

  it('a reaction Sapa put through the Send API is echoed with Sapa’s app_id', async () => {
    const { mid } = await customerDoes(app, 'instagram', IGSID, { type: 'text', text: 'Halo' });
    const sent = await pageSend(
      app,
      {
        recipient: { id: IGSID },
        sender_action: 'react',
        payload: { message_id: mid, reaction: 'love' },
      },
      { path: IG, auth: IG_AUTH },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const echo = await waitForEvent(receiver, (e) => e.event.reaction?.is_echo === true);
    expect(echo.object).toBe('instagram');
    expect(echo.event.reaction).toMatchObject({ mid, emoji: '❤️', app_id: SAPA_APP_ID });
  });
});

describe('webhooks follow the Page subscription, as on Meta', () => {
  it('nothing is sent for an unsubscribed Page; subscribed fields decide which events go', async () => {
    await app.inject({ method: 'DELETE', url: `/sandbox/pages/${PAGE}/subscription` });
    const quiet = await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    expect(quiet).toMatchObject({
      deliveryId: null,
      skipped: expect.stringContaining('subscribed'),
    });
    await app.inject({
      method: 'POST',
      url: `/sandbox/pages/${PAGE}/subscription`,
      payload: { fields: ['messages'] },
    });
    const heard = await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Again' });
    expect(heard.deliveryId).toMatch(/^dlv_/);
    const postback = await customerDoes(app, 'messenger', PSID, {
      type: 'postback',
      title: 'x',
      payload: 'X',
    });
    expect(postback.skipped).toContain('messaging_postbacks');
    await pageSend(app, reply(PSID, 'no echo without message_echoes'));
    await new Promise((r) => setTimeout(r, 100));
    expect(metaEvents(receiver).map((e) => e.event.message?.mid)).toEqual([heard.mid]);
  });
});
