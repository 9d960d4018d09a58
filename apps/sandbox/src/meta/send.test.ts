import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { testSandbox, multipart, type WebhookReceiver } from '../test/helpers.js';
import {
  customerDoes,
  IG,
  IG_AUTH,
  IG_PAGE,
  IGSID,
  PAGE,
  PAGE_AUTH,
  pageSend,
  PSID,
  reply,
  type GraphErrorJson,
} from '../test/meta.js';
import { encodePng } from './png.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let clock: ManualClock;
const HOUR = 3_600_000;

beforeEach(async () => {
  clock = new ManualClock();
  ({ app, receiver } = await testSandbox({}, clock));
});
afterEach(async () => {
  await app.close();
  await receiver.stop();
});

const errorOf = (res: { json: () => unknown }) => (res.json() as GraphErrorJson).error;
const sent = async (pageId: string = PAGE, query = '') =>
  (await app.inject({ url: `/sandbox/pages/${pageId}/sent${query}` })).json<{
    data: Array<Record<string, unknown>>;
  }>().data;

describe('Send API: shapes', () => {
  it('answers {recipient_id, message_id} and logs messaging_type and tag', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Halo', name: 'Ani Wijaya' });
    const res = await pageSend(app, reply(PSID, 'Halo Kak Ani!'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ recipient_id: string; message_id: string }>();
    expect(body).toEqual({ recipient_id: PSID, message_id: expect.stringMatching(/^m_[\w-]+$/) });
    expect(await sent()).toEqual([
      expect.objectContaining({
        platform: 'messenger',
        recipientId: PSID,
        messagingType: 'RESPONSE',
        mid: body.message_id,
        accepted: true,
        message: { text: 'Halo Kak Ani!' },
      }),
    ]);
  });

  it('sends to Instagram through the linked Page: /{page-id}, /me and /{ig-id} alike', async () => {
    await customerDoes(app, 'instagram', IGSID, { type: 'text', text: 'Ready kak?' });
    for (const path of [IG_PAGE, 'me', IG]) {
      const res = await pageSend(app, reply(IGSID, `via ${path}`), { path, auth: IG_AUTH });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ message_id: string }>().message_id).toMatch(/^aWdfZAG1f/);
    }
    expect((await sent(IG_PAGE)).map((r) => r.platform)).toEqual([
      'instagram',
      'instagram',
      'instagram',
    ]);
  });

  it('takes form-encoded parameters with JSON objects, as Graph does', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const form = new URLSearchParams({
      recipient: JSON.stringify({ id: PSID }),
      messaging_type: 'RESPONSE',
      message: JSON.stringify({ text: 'form encoded' }),
      access_token: 'sandbox-page-token-demo-messenger',
    });
    const res = await app.inject({
      method: 'POST',
      url: `/v21.0/${PAGE}/messages`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses bad bodies with (#100) naming the parameter', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const noType = await pageSend(app, { recipient: { id: PSID }, message: { text: 'x' } });
    expect(noType.statusCode).toBe(400);
    expect(errorOf(noType)).toMatchObject({
      code: 100,
      message: expect.stringContaining('messaging_type'),
    });
    const both = await pageSend(app, reply(PSID, 'x', { sender_action: 'typing_on' }));
    expect(errorOf(both).code).toBe(100);
    const tooLong = await pageSend(app, reply(PSID, 'x'.repeat(2001)));
    expect(errorOf(tooLong).message).toBe(
      '(#100) Length of param message[text] must be less than or equal to 2000',
    );
    await customerDoes(app, 'instagram', IGSID, { type: 'text', text: 'Hi' });
    // Instagram counts bytes: 334 three-byte characters are over 1000 bytes.
    const igLong = await pageSend(app, reply(IGSID, '€'.repeat(334)), { path: IG, auth: IG_AUTH });
    expect(errorOf(igLong).message).toContain('less than or equal to 1000');
  });
});

describe('Send API: errors Sapa must classify', () => {
  it('190 for a token nobody has, 190/460 for a revoked or rotated one', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const unknown = await pageSend(app, reply(PSID, 'x'), {
      auth: { authorization: 'Bearer nope' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(unknown)).toMatchObject({ code: 190, type: 'OAuthException' });

    const rotated = await app.inject({
      method: 'POST',
      url: `/sandbox/pages/${PAGE}/rotate-token`,
    });
    const fresh = rotated.json<{ accessToken: string }>().accessToken;
    const old = await pageSend(app, reply(PSID, 'x'));
    expect(errorOf(old)).toMatchObject({ code: 190, error_subcode: 460 });
    const ok = await pageSend(app, reply(PSID, 'x'), {
      auth: { authorization: `Bearer ${fresh}` },
    });
    expect(ok.statusCode).toBe(200);

    await app.inject({ method: 'POST', url: `/sandbox/pages/${PAGE}/revoke-token` });
    const revoked = await pageSend(app, reply(PSID, 'x'), {
      auth: { authorization: `Bearer ${fresh}` },
    });
    expect(errorOf(revoked)).toMatchObject({ code: 190, error_subcode: 460 });
  });

  it('100/33 for an object the token may not see, and for a WhatsApp token on a Page', async () => {
    const other = await pageSend(app, reply(PSID, 'x'), { auth: IG_AUTH });
    expect(errorOf(other)).toMatchObject({ code: 100, error_subcode: 33 });
    const wa = await pageSend(app, reply(PSID, 'x'), {
      auth: { authorization: 'Bearer sandbox-access-token' },
    });
    expect(errorOf(wa)).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('100/2018001 for a recipient who never reached the Page, 551 for one who left', async () => {
    const nobody = await pageSend(app, reply('2400000000000999', 'x'));
    expect(errorOf(nobody)).toMatchObject({ code: 100, error_subcode: 2018001 });
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    await app.inject({
      method: 'PATCH',
      url: `/sandbox/messenger/${PAGE}/customers/${PSID}`,
      payload: { available: false },
    });
    const gone = await pageSend(app, reply(PSID, 'x'));
    expect(errorOf(gone)).toMatchObject({ code: 551, error_subcode: 1545041 });
  });

  it('outside 24 h: RESPONSE refused with 10/2018278 (Messenger) and 10/2534022 (Instagram)', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    await customerDoes(app, 'instagram', IGSID, { type: 'text', text: 'Hi' });
    clock.advance(24 * HOUR - 1000);
    expect((await pageSend(app, reply(PSID, 'just in time'))).statusCode).toBe(200);
    clock.advance(2000);
    const late = await pageSend(app, reply(PSID, 'too late'));
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toMatchObject({
      code: 10,
      error_subcode: 2018278,
      message: '(#10) This message is sent outside of allowed window.',
    });
    const update = await pageSend(app, reply(PSID, 'x', { messaging_type: 'UPDATE' }));
    expect(errorOf(update).error_subcode).toBe(2018278);
    const ig = await pageSend(app, reply(IGSID, 'too late'), { path: IG, auth: IG_AUTH });
    expect(errorOf(ig)).toMatchObject({ code: 10, error_subcode: 2534022 });
    const log = await sent();
    expect(log.at(-1)).toMatchObject({
      accepted: false,
      messagingType: 'UPDATE',
      error: { code: 10, subcode: 2018278 },
    });
  });

  it('HUMAN_AGENT goes out up to 7 days after the last message, and is refused after', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const tagged = reply(PSID, 'A person answers', {
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
    });
    clock.advance(3 * 24 * HOUR);
    expect((await pageSend(app, reply(PSID, 'x'))).statusCode).toBe(400);
    expect((await pageSend(app, tagged)).statusCode).toBe(200);
    // The control API moves the last message back, as tests of a running sandbox do.
    await app.inject({
      method: 'PATCH',
      url: `/sandbox/messenger/${PAGE}/customers/${PSID}`,
      payload: { lastInboundAgo: { days: 8 } },
    });
    const late = await pageSend(app, tagged);
    expect(errorOf(late)).toMatchObject({ code: 10, error_subcode: 2018278 });
    expect((late.json() as { error: { error_user_msg: string } }).error.error_user_msg).toContain(
      '8 days',
    );
    expect((await sent()).map((r) => [r.tag ?? null, r.accepted])).toEqual([
      [null, false],
      ['HUMAN_AGENT', true],
      ['HUMAN_AGENT', false],
    ]);
  });

  it('retired tags answer 100 Invalid parameter; unknown and missing tags are refused too', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    for (const tag of ['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE']) {
      const res = await pageSend(app, reply(PSID, 'x', { messaging_type: 'MESSAGE_TAG', tag }));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 100, message: '(#100) Invalid parameter' });
    }
    const unknown = await pageSend(
      app,
      reply(PSID, 'x', { messaging_type: 'MESSAGE_TAG', tag: 'X' }),
    );
    expect(errorOf(unknown).message).toContain('HUMAN_AGENT');
    const missing = await pageSend(app, reply(PSID, 'x', { messaging_type: 'MESSAGE_TAG' }));
    expect(errorOf(missing).message).toBe('(#100) The parameter tag is required');
  });

  it('an injected fault answers for the Page (429 and 5xx for retry tests)', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    await app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      payload: { phoneNumberId: PAGE, rules: [{ endpoint: 'messages', respond: 500 }] },
    });
    expect((await pageSend(app, reply(PSID, 'x'))).statusCode).toBe(500);
    expect((await pageSend(app, reply(PSID, 'x'))).statusCode).toBe(200);
  });

  it('checks appsecret_proof when Sapa sends one', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const bad = await app.inject({
      method: 'POST',
      url: `/v21.0/${PAGE}/messages?appsecret_proof=${'0'.repeat(64)}`,
      headers: PAGE_AUTH,
      payload: reply(PSID, 'x'),
    });
    expect(errorOf(bad)).toMatchObject({ code: 100 });
  });
});

describe('Send API: attachments, templates, quick replies, sender actions', () => {
  let files: Server;
  let filesUrl: string;
  const png = encodePng(4, 4, () => [200, 30, 90]);

  beforeEach(async () => {
    files = createServer((req, res) => {
      if (req.url === '/photo.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(png);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((r) => files.close(() => r())));

  const imageBy = (payload: Record<string, unknown>) => ({
    recipient: { id: PSID },
    messaging_type: 'RESPONSE',
    message: { attachment: { type: 'image', payload } },
  });

  it('fetches an attachment URL like Meta, and refuses one it cannot fetch', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const ok = await pageSend(app, imageBy({ url: `${filesUrl}/photo.png`, is_reusable: true }));
    expect(ok.statusCode, ok.body).toBe(200);
    const thread = await app.inject({ url: `/sandbox/messenger/${PAGE}/customers/${PSID}` });
    const last = thread
      .json<{ messages: Array<{ attachments?: Array<{ assetId: string }> }> }>()
      .messages.at(-1)!;
    const bytes = await app.inject({
      url: `/sandbox/meta/assets/${last.attachments![0]!.assetId}`,
    });
    expect(bytes.rawPayload.equals(png)).toBe(true);
    const missing = await pageSend(app, imageBy({ url: `${filesUrl}/gone.png` }));
    expect(errorOf(missing)).toMatchObject({ code: 100, error_subcode: 2018008 });
  });

  it('saves an attachment once (message_attachments) and sends it by attachment_id', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const saved = await app.inject({
      method: 'POST',
      url: `/v21.0/${PAGE}/message_attachments`,
      headers: PAGE_AUTH,
      payload: {
        message: {
          attachment: {
            type: 'image',
            payload: { url: `${filesUrl}/photo.png`, is_reusable: true },
          },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { attachment_id } = saved.json<{ attachment_id: string }>();
    expect((await pageSend(app, imageBy({ attachment_id }))).statusCode).toBe(200);
    // Another Page cannot use it.
    await customerDoes(app, 'instagram', IGSID, { type: 'text', text: 'Hi' });
    const foreign = await pageSend(
      app,
      { ...imageBy({ attachment_id }), recipient: { id: IGSID } },
      { path: IG, auth: IG_AUTH },
    );
    expect(errorOf(foreign).code).toBe(100);
  });

  it('takes multipart filedata with recipient and message as JSON fields', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const form = multipart(
      {
        recipient: JSON.stringify({ id: PSID }),
        messaging_type: 'RESPONSE',
        message: JSON.stringify({ attachment: { type: 'image', payload: { is_reusable: true } } }),
      },
      { name: 'photo.png', type: 'image/png', data: png, field: 'filedata' },
    );
    const res = await app.inject({
      method: 'POST',
      url: `/v21.0/${PAGE}/messages`,
      headers: { ...PAGE_AUTH, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('shows quick replies and button templates on the phone; sender actions answer recipient_id', async () => {
    await customerDoes(app, 'messenger', PSID, { type: 'text', text: 'Hi' });
    const quick = await pageSend(
      app,
      reply(PSID, 'Mau dikirim?', {
        message: {
          text: 'Mau dikirim?',
          quick_replies: [
            { content_type: 'text', title: 'Ya', payload: 'YES' },
            { content_type: 'text', title: 'Nanti', payload: 'LATER' },
          ],
        },
      }),
    );
    expect(quick.statusCode, quick.body).toBe(200);
    const template = await pageSend(app, {
      recipient: { id: PSID },
      messaging_type: 'RESPONSE',
      message: {
        attachment: {
          type: 'template',
          payload: {
            template_type: 'button',
            text: 'Pilih menu',
            buttons: [{ type: 'postback', title: 'Cek pesanan', payload: 'ORDER' }],
          },
        },
      },
    });
    expect(template.statusCode, template.body).toBe(200);
    const seen = await pageSend(app, { recipient: { id: PSID }, sender_action: 'mark_seen' });
    expect(seen.json()).toEqual({ recipient_id: PSID });
    const thread = (
      await app.inject({ url: `/sandbox/messenger/${PAGE}/customers/${PSID}` })
    ).json<{ seenByBusinessAt: number | null; messages: Array<Record<string, unknown>> }>();
    expect(thread.seenByBusinessAt).toBe(clock.now());
    expect(thread.messages[1]).toMatchObject({
      quickReplies: [
        { content_type: 'text', title: 'Ya', payload: 'YES' },
        { content_type: 'text', title: 'Nanti', payload: 'LATER' },
      ],
    });
    expect(thread.messages[2]).toMatchObject({
      attachments: [{ type: 'template', payload: { template_type: 'button' } }],
    });
    expect(thread.messages[0]).toMatchObject({ from: 'customer', status: 'read' });
  });

  it('Instagram: the business reacts to a message with sender_action react', async () => {
    const { mid } = await customerDoes(app, 'instagram', IGSID, { type: 'text', text: 'Hi' });
    const res = await pageSend(
      app,
      {
        recipient: { id: IGSID },
        sender_action: 'react',
        payload: { message_id: mid, reaction: 'love' },
      },
      { path: IG, auth: IG_AUTH },
    );
    expect(res.statusCode, res.body).toBe(200);
    const thread = (await app.inject({ url: `/sandbox/instagram/${IG}/customers/${IGSID}` })).json<{
      messages: Array<{ reactions?: { business?: string } }>;
    }>();
    expect(thread.messages[0]?.reactions?.business).toBe('❤️');
  });
});
