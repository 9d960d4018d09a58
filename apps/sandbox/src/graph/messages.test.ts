import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import type { SandboxConfig } from '../config.js';
import {
  AUTH,
  customerSays,
  PNID,
  testSandbox,
  verifySignature,
  type WebhookReceiver,
} from '../test/helpers.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let config: SandboxConfig;
let clock: ManualClock;

beforeEach(async () => {
  clock = new ManualClock();
  ({ app, receiver, config } = await testSandbox({}, clock));
});
afterEach(async () => {
  await app.close();
  await receiver.stop();
});

const send = (payload: unknown, headers: Record<string, string> = AUTH, version = 'v21.0') =>
  app.inject({
    method: 'POST',
    url: `/${version}/${PNID}/messages`,
    headers,
    payload: payload as object,
  });

const text = (to: string, body = 'Hello from the business') => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'text',
  text: { body },
});

describe('POST /:version/:phoneNumberId/messages', () => {
  it('answers like Meta and plays signed statuses sent → delivered, in order', async () => {
    await customerSays(app, '6281234567890');
    const res = await send(text('+6281234567890'));
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      messaging_product: string;
      contacts: unknown[];
      messages: Array<{ id: string }>;
    }>();
    expect(body.messaging_product).toBe('whatsapp');
    expect(body.contacts).toEqual([{ input: '+6281234567890', wa_id: '6281234567890' }]);
    const wamid = body.messages[0]!.id;
    expect(wamid).toMatch(/^wamid\.[A-Za-z0-9]+$/);

    await receiver.waitFor(() => receiver.statuses().filter((s) => s.id === wamid).length >= 2);
    const statuses = receiver.statuses().filter((s) => s.id === wamid);
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect(statuses[0]).toMatchObject({
      recipient_id: '6281234567890',
      pricing: { billable: false, pricing_model: 'PMP' },
    });
    // v21 still carries the conversation object on statuses.
    expect(statuses[0]?.conversation).toMatchObject({ origin: { type: 'service' } });
    for (const hook of receiver.received) {
      expect(verifySignature(hook.raw, hook.headers['x-hub-signature-256'], config.appSecret)).toBe(
        true,
      );
      expect(verifySignature(hook.raw, hook.headers['x-hub-signature-256'], 'another-secret')).toBe(
        false,
      );
      expect(hook.json.entry[0]?.changes[0]?.value.metadata).toEqual({
        display_phone_number: '6281100000001',
        phone_number_id: PNID,
      });
    }
  });

  it('omits conversation from v24+ statuses and echoes biz_opaque_callback_data', async () => {
    await customerSays(app, '6281234567890');
    const res = await send(
      { ...text('6281234567890'), biz_opaque_callback_data: 'job-42' },
      AUTH,
      'v24.0',
    );
    const wamid = res.json<{ messages: Array<{ id: string }> }>().messages[0]!.id;
    await receiver.waitFor(() => receiver.statuses().some((s) => s.id === wamid));
    const sent = receiver.statuses().find((s) => s.id === wamid)!;
    expect(sent.conversation).toBeUndefined();
    expect(sent.biz_opaque_callback_data).toBe('job-42');
  });

  it('refuses a wrong token with code 190 / HTTP 401 and an unknown number with code 100', async () => {
    const wrong = await send(text('6281234567890'), { authorization: 'Bearer nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      error: { code: 190, type: 'OAuthException', fbtrace_id: expect.any(String) },
    });
    const missing = await send(text('6281234567890'), {});
    expect(missing.statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'POST',
      url: '/v21.0/999/messages',
      headers: AUTH,
      payload: text('62812'),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 100, error_subcode: 33 } });
    const badVersion = await send(text('6281234567890'), AUTH, 'latest');
    expect(badVersion.json()).toMatchObject({ error: { code: 2500 } });
  });

  it.each([
    [{ to: '6281234567890', type: 'text', text: { body: 'x' } }, 'messaging_product'],
    [
      {
        messaging_product: 'whatsapp',
        to: '6281234567890',
        type: 'text',
        text: { body: 'x'.repeat(4097) },
      },
      "text['body']",
    ],
    [{ messaging_product: 'whatsapp', to: '6281234567890', type: 'image', image: {} }, 'image'],
    [{ messaging_product: 'whatsapp', to: '6281234567890', type: 'fax', fax: {} }, 'type'],
    [
      { messaging_product: 'whatsapp', to: 'not-a-number', type: 'text', text: { body: 'x' } },
      'to',
    ],
    [{ messaging_product: 'whatsapp', to: '6281234567890', type: 'text' }, 'text'],
    [
      {
        messaging_product: 'whatsapp',
        to: '6281234567890',
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Pick' },
          action: {
            buttons: [1, 2, 3, 4].map((i) => ({
              type: 'reply',
              reply: { id: `b${i}`, title: `B${i}` },
            })),
          },
        },
      },
      'interactive',
    ],
  ])('rejects an invalid send with (#100) naming the parameter (%#)', async (payload, param) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    const error = res.json<{
      error: { code: number; message: string; error_data: { details: string } };
    }>().error;
    expect(error.code).toBe(100);
    expect(error.message).toContain(`(#100)`);
    expect(error.message).toContain(param);
    expect(error.error_data.details).toBeTruthy();
  });

  it('accepts every type Sapa sends: media by id or link, location, contacts, interactive, template, reaction', async () => {
    const first = await customerSays(app, '6281234567890');
    const payloads = [
      { type: 'image', image: { link: 'https://example.com/a.jpg', caption: 'Look' } },
      { type: 'document', document: { link: 'https://example.com/a.pdf', filename: 'a.pdf' } },
      { type: 'location', location: { latitude: -6.2, longitude: 106.8, name: 'Office' } },
      {
        type: 'contacts',
        contacts: [{ name: { formatted_name: 'Ana' }, phones: [{ phone: '+62 811' }] }],
      },
      {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'Choose' },
          action: {
            button: 'Menu',
            sections: [{ title: 'Main', rows: [{ id: 'r1', title: 'One' }] }],
          },
        },
      },
      { type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } },
      { type: 'reaction', reaction: { message_id: first.id, emoji: '👍' } },
      { type: 'text', text: { body: 'reply' }, context: { message_id: first.id } },
    ];
    for (const p of payloads) {
      const res = await send({ messaging_product: 'whatsapp', to: '6281234567890', ...p });
      expect(res.statusCode, JSON.stringify(p)).toBe(200);
    }
    const template = await send({
      messaging_product: 'whatsapp',
      to: '6281234567890',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    expect(template.json()).toMatchObject({ messages: [{ message_status: 'accepted' }] });
  });

  it('fails a free-form send outside the 24-hour window with 131047, but lets templates through', async () => {
    await customerSays(app, '6281234567890');
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const late = await send(text('6281234567890'));
    expect(late.statusCode).toBe(200);
    const lateId = late.json<{ messages: Array<{ id: string }> }>().messages[0]!.id;

    const never = await send(text('6289999999999'));
    const neverId = never.json<{ messages: Array<{ id: string }> }>().messages[0]!.id;

    const tpl = await send({
      messaging_product: 'whatsapp',
      to: '6281234567890',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
    const tplId = tpl.json<{ messages: Array<{ id: string }> }>().messages[0]!.id;

    await receiver.waitFor(() => {
      const s = receiver.statuses();
      return (
        s.some((x) => x.id === neverId) &&
        s.some((x) => x.id === lateId) &&
        s.some((x) => x.id === tplId && x.status === 'delivered')
      );
    });
    for (const id of [lateId, neverId]) {
      const statuses = receiver.statuses().filter((s) => s.id === id);
      expect(statuses.map((s) => s.status)).toEqual(['failed']);
      expect(statuses[0]?.errors).toEqual([
        expect.objectContaining({
          code: 131047,
          title: 'Re-engagement message',
          message: 'Re-engagement message',
          error_data: {
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
        }),
      ]);
    }
    expect(
      receiver.statuses().find((s) => s.id === tplId && s.status === 'sent')?.pricing,
    ).toMatchObject({ billable: true });
  });

  it('inside the window (23 h later) a free-form send is delivered', async () => {
    await customerSays(app, '6281234567890');
    clock.advance(23 * 60 * 60 * 1000);
    const res = await send(text('6281234567890'));
    const id = res.json<{ messages: Array<{ id: string }> }>().messages[0]!.id;
    await receiver.waitFor(() =>
      receiver.statuses().some((s) => s.id === id && s.status === 'delivered'),
    );
    expect(receiver.statuses().some((s) => s.id === id && s.status === 'failed')).toBe(false);
  });

  it('marks read: {success:true} and blue ticks on the customer messages up to that one', async () => {
    const a = await customerSays(app, '6281234567890', 'one');
    clock.advance(1000);
    const b = await customerSays(app, '6281234567890', 'two');
    clock.advance(1000);
    const c = await customerSays(app, '6281234567890', 'three');
    const res = await send({ messaging_product: 'whatsapp', status: 'read', message_id: b.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const conv = await app.inject({
      url: `/sandbox/conversations?number=${PNID}&customer=6281234567890`,
    });
    const status = Object.fromEntries(
      conv
        .json<{ data: Array<{ id: string; status: string }> }>()
        .data.map((m) => [m.id, m.status]),
    );
    expect(status[a.id]).toBe('read');
    expect(status[b.id]).toBe('read');
    expect(status[c.id]).not.toBe('read');

    const bad = await send({ messaging_product: 'whatsapp', status: 'read', message_id: 'nope' });
    expect(bad.json()).toMatchObject({ error: { code: 100 } });
  });

  it('logs each Graph call with its body for tests to assert on', async () => {
    await send(text('6281234567890', 'audit me'));
    const calls = await app.inject({ url: '/sandbox/calls?endpoint=messages' });
    const [call] = calls.json<{
      data: Array<{
        body: { text: { body: string } };
        responseStatus: number;
        authorization: string;
      }>;
    }>().data;
    expect(call?.body.text.body).toBe('audit me');
    expect(call?.responseStatus).toBe(200);
    expect(call?.authorization).toBe(AUTH.authorization);
  });
});
