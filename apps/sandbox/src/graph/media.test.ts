import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { AUTH, multipart, PNID, testSandbox, type WebhookReceiver } from '../test/helpers.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let clock: ManualClock;
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

beforeEach(async () => {
  clock = new ManualClock();
  ({ app, receiver } = await testSandbox({ publicUrl: 'http://sandbox.test:4010' }, clock));
});
afterEach(async () => {
  await app.close();
  await receiver.stop();
});

async function upload(fields: Record<string, string>, data = png, type = 'image/png') {
  const body = multipart(fields, { name: 'dot.png', type, data });
  return app.inject({
    method: 'POST',
    url: `/v21.0/${PNID}/media`,
    headers: { ...AUTH, ...body.headers },
    payload: body.payload,
  });
}

describe('media endpoints', () => {
  it('upload → metadata → download with the bearer token → delete', async () => {
    const up = await upload({ messaging_product: 'whatsapp', type: 'image/png' });
    expect(up.statusCode).toBe(200);
    const { id } = up.json<{ id: string }>();
    expect(id).toMatch(/^\d{15,16}$/);

    const meta = await app.inject({ url: `/v21.0/${id}`, headers: AUTH });
    expect(meta.statusCode).toBe(200);
    const info = meta.json<{
      url: string;
      mime_type: string;
      sha256: string;
      file_size: number;
      id: string;
      messaging_product: string;
    }>();
    expect(info).toMatchObject({
      mime_type: 'image/png',
      file_size: png.length,
      id,
      messaging_product: 'whatsapp',
    });
    expect(info.sha256).toBe(createHash('sha256').update(png).digest('hex'));
    expect(info.url).toMatch(
      new RegExp(`^http://sandbox\\.test:4010/media-download/${id}\\?token=`),
    );

    const path = info.url.replace('http://sandbox.test:4010', '');
    const noAuth = await app.inject({ url: path });
    expect(noAuth.statusCode).toBe(401);
    const bytes = await app.inject({ url: path, headers: AUTH });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.rawPayload.equals(png)).toBe(true);

    const del = await app.inject({ method: 'DELETE', url: `/v21.0/${id}`, headers: AUTH });
    expect(del.json()).toEqual({ success: true });
    const gone = await app.inject({ url: `/v21.0/${id}`, headers: AUTH });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({ error: { code: 100 } });
  });

  it('download URLs expire after about five minutes', async () => {
    const { id } = (await upload({ messaging_product: 'whatsapp', type: 'image/png' })).json<{
      id: string;
    }>();
    const { url } = (await app.inject({ url: `/v21.0/${id}`, headers: AUTH })).json<{
      url: string;
    }>();
    clock.advance(6 * 60 * 1000);
    const res = await app.inject({
      url: url.replace('http://sandbox.test:4010', ''),
      headers: AUTH,
    });
    expect(res.statusCode).toBe(404);
  });

  it('needs messaging_product and a file, checks the token and the per-type size limit', async () => {
    expect((await upload({ type: 'image/png' })).json()).toMatchObject({ error: { code: 100 } });
    const wrong = multipart(
      { messaging_product: 'whatsapp' },
      { name: 'a.png', type: 'image/png', data: png },
    );
    const unauth = await app.inject({
      method: 'POST',
      url: `/v21.0/${PNID}/media`,
      headers: { authorization: 'Bearer x', ...wrong.headers },
      payload: wrong.payload,
    });
    expect(unauth.statusCode).toBe(401);
    const big = await upload(
      { messaging_product: 'whatsapp', type: 'image/jpeg' },
      Buffer.alloc(5 * 1024 * 1024 + 1),
      'image/jpeg',
    );
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ error: { code: 131053 } });
  });

  it('answers a phone number profile on GET /{phone-number-id}', async () => {
    const res = await app.inject({ url: `/v21.0/${PNID}`, headers: AUTH });
    expect(res.json()).toMatchObject({
      id: PNID,
      display_phone_number: '6281100000001',
      verified_name: 'Demo Company',
    });
  });
});
