import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AUTH,
  businessSays,
  customerSays,
  multipart,
  PNID,
  verifySignature,
} from '../test/helpers.js';
import { sandboxPerTest } from '../test/per-test.js';

const sandbox = sandboxPerTest();

const WA = '6281234567890';

type Inbound = { from: string; id: string; timestamp: string; type: string; [k: string]: unknown };

async function write(payload: Record<string, unknown>): Promise<Inbound> {
  const res = await sandbox.app.inject({
    method: 'POST',
    url: `/sandbox/customers/${WA}/messages`,
    payload: { phoneNumberId: PNID, name: 'Budi', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<{ id: string }>();
  await sandbox.receiver.waitFor(() => sandbox.receiver.received.some((r) => r.raw.includes(id)));
  const hook = sandbox.receiver.received.find((r) => r.raw.includes(id))!;
  expect(
    verifySignature(hook.raw, hook.headers['x-hub-signature-256'], sandbox.config.appSecret),
  ).toBe(true);
  const value = hook.json.entry[0]!.changes[0]!.value as { contacts: unknown; messages: Inbound[] };
  expect(hook.json.object).toBe('whatsapp_business_account');
  expect(hook.json.entry[0]!.id).toBe('200000000000001');
  expect(value.contacts).toEqual([{ profile: { name: 'Budi' }, wa_id: WA }]);
  return value.messages[0]!;
}

describe('customer messages in', () => {
  it('builds Meta’s inbound text message', async () => {
    const msg = await write({ type: 'text', text: { body: 'Halo, pesanan saya?' } });
    expect(msg).toEqual({
      from: WA,
      id: expect.stringMatching(/^wamid\./),
      timestamp: expect.stringMatching(/^\d+$/),
      type: 'text',
      text: { body: 'Halo, pesanan saya?' },
    });
  });

  it('stores media so Sapa can fetch it with the business token (image, document, audio, sticker)', async () => {
    const data = Buffer.from('%PDF-1.4 sandbox');
    const doc = await write({
      type: 'document',
      document: {
        data: data.toString('base64'),
        mime_type: 'application/pdf',
        filename: 'invoice.pdf',
        caption: 'Invoice',
      },
    });
    expect(doc.document).toEqual({
      caption: 'Invoice',
      filename: 'invoice.pdf',
      mime_type: 'application/pdf',
      sha256: createHash('sha256').update(data).digest('hex'),
      id: expect.stringMatching(/^\d+$/),
    });
    const id = (doc.document as { id: string }).id;
    const meta = await sandbox.app.inject({ url: `/v21.0/${id}`, headers: AUTH });
    const url = new URL(meta.json<{ url: string }>().url);
    const bytes = await sandbox.app.inject({ url: url.pathname + url.search, headers: AUTH });
    expect(bytes.rawPayload.equals(data)).toBe(true);

    const form = multipart(
      { phoneNumberId: PNID },
      { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff]) },
    );
    const up = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/media',
      headers: form.headers,
      payload: form.payload,
    });
    expect(up.statusCode).toBe(201);
    const image = await write({
      type: 'image',
      image: { id: up.json<{ id: string }>().id, caption: 'Foto' },
    });
    expect(image.image).toMatchObject({
      caption: 'Foto',
      mime_type: 'image/jpeg',
      id: up.json<{ id: string }>().id,
    });
    const audio = await write({
      type: 'audio',
      audio: { data: 'AAAA', mime_type: 'audio/ogg; codecs=opus', voice: true },
    });
    expect(audio.audio).toMatchObject({ mime_type: 'audio/ogg; codecs=opus', voice: true });
    const sticker = await write({
      type: 'sticker',
      sticker: { data: 'AAAA', mime_type: 'image/webp' },
    });
    expect(sticker.sticker).toMatchObject({ mime_type: 'image/webp', animated: false });
  });

  it('builds location, contacts, interactive replies, template button, reaction and replies with context', async () => {
    const location = await write({
      type: 'location',
      location: { latitude: -6.1754, longitude: 106.8272, name: 'Monas', address: 'Jakarta' },
    });
    expect(location.location).toEqual({
      latitude: -6.1754,
      longitude: 106.8272,
      name: 'Monas',
      address: 'Jakarta',
    });
    const card = {
      name: { formatted_name: 'Siti Rahayu', first_name: 'Siti' },
      phones: [{ phone: '+62 812', wa_id: '62812', type: 'CELL' }],
    };
    expect((await write({ type: 'contacts', contacts: [card] })).contacts).toEqual([card]);
    const button = await write({
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
    });
    expect(button.interactive).toEqual({
      type: 'button_reply',
      button_reply: { id: 'yes', title: 'Yes' },
    });
    const list = await write({
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { id: 'r1', title: 'One', description: 'd' } },
    });
    expect(list.interactive).toEqual({
      type: 'list_reply',
      list_reply: { id: 'r1', title: 'One', description: 'd' },
    });
    const quick = await write({
      type: 'button',
      button: { payload: 'STOP', text: 'Stop promotions' },
    });
    expect(quick.button).toEqual({ payload: 'STOP', text: 'Stop promotions' });

    // A reply to a business message carries context.from = the business number.
    const bizId = await businessSays(sandbox.app, WA, 'Ada yang bisa dibantu?');
    const reply = await write({ type: 'text', text: 'Ya', context: { id: bizId } });
    expect(reply.context).toEqual({ from: '6281100000001', id: bizId });
    const reaction = await write({
      type: 'reaction',
      reaction: { message_id: bizId, emoji: '❤️' },
    });
    expect(reaction.reaction).toEqual({ message_id: bizId, emoji: '❤️' });
    const unsupported = await write({ type: 'unsupported' });
    expect(unsupported.errors).toEqual([expect.objectContaining({ code: 131051 })]);
  });

  it('turns the customer message to delivered once Sapa accepted the webhook, honours a past timestamp', async () => {
    const { id } = await customerSays(sandbox.app, WA);
    const old = Math.floor(Date.now() / 1000) - 25 * 3600;
    await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/customers/6280000000001/messages',
      payload: { phoneNumberId: PNID, type: 'text', text: 'old', timestamp: old },
    });
    await sandbox.receiver.waitFor(() => sandbox.receiver.received.length >= 2);
    let status = '';
    for (let i = 0; i < 50 && status !== 'delivered'; i++) {
      const conv = await sandbox.app.inject({
        url: `/sandbox/conversations?number=${PNID}&customer=${WA}`,
      });
      status =
        conv.json<{ data: Array<{ id: string; status: string }> }>().data.find((m) => m.id === id)
          ?.status ?? '';
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(status).toBe('delivered');
    const late = await businessSays(sandbox.app, '6280000000001', 'late');
    await sandbox.receiver.waitFor(() => sandbox.receiver.statuses().some((s) => s.id === late));
    expect(sandbox.receiver.statuses().find((s) => s.id === late)?.errors?.[0]?.code).toBe(131047);
  });

  it('rejects a message without its type object, or for an unknown number', async () => {
    const missing = await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/customers/${WA}/messages`,
      payload: { phoneNumberId: PNID, type: 'location' },
    });
    expect(missing.statusCode).toBe(400);
    const unknown = await sandbox.app.inject({
      method: 'POST',
      url: `/sandbox/customers/${WA}/messages`,
      payload: { phoneNumberId: '42', type: 'text', text: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('registers extra business numbers and resets to the seed', async () => {
    const add = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/numbers',
      payload: {
        phoneNumberId: '100000000000002',
        displayPhoneNumber: '6281100000002',
        wabaId: '200000000000002',
        accessToken: 'tok-2',
        name: 'Toko Dua',
      },
    });
    expect(add.statusCode).toBe(201);
    const list = await sandbox.app.inject({ url: '/sandbox/numbers' });
    const numbers = list.json<{ data: Array<{ phoneNumberId: string; accessToken?: string }> }>()
      .data;
    expect(numbers.map((n) => n.phoneNumberId)).toEqual([PNID, '100000000000002']);
    expect(numbers.every((n) => n.accessToken === undefined)).toBe(true);
    // Another number's real token cannot see this one: Meta's 100/33, as for an unknown id.
    const otherToken = await sandbox.app.inject({
      method: 'POST',
      url: '/v21.0/100000000000002/messages',
      headers: AUTH,
      payload: { messaging_product: 'whatsapp', to: WA, type: 'text', text: { body: 'x' } },
    });
    expect(otherToken.statusCode).toBe(400);
    expect(otherToken.json()).toMatchObject({ error: { code: 100, error_subcode: 33 } });
    const ownToken = await sandbox.app.inject({
      method: 'POST',
      url: '/v21.0/100000000000002/messages',
      headers: { authorization: 'Bearer tok-2' },
      payload: { messaging_product: 'whatsapp', to: WA, type: 'text', text: { body: 'x' } },
    });
    expect(ownToken.statusCode).toBe(200);
    await sandbox.app.inject({ method: 'POST', url: '/sandbox/reset' });
    const after = (await sandbox.app.inject({ url: '/sandbox/numbers' })).json<{
      data: Array<{ phoneNumberId: string }>;
    }>().data;
    expect(after.map((n) => n.phoneNumberId)).toEqual([PNID]);
  });
});
