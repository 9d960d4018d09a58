import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxConfig } from '../config.js';
import { testSandbox, verifySignature, type WebhookReceiver } from '../test/helpers.js';
import { metaJson, signSha256 } from './encode.js';

describe('metaJson', () => {
  it('escapes non-ASCII as lowercase \\uXXXX (emoji as surrogate pairs) and slashes', () => {
    expect(metaJson({ t: 'äöå 😀', u: 'https://x/y' })).toBe(
      '{"t":"\\u00e4\\u00f6\\u00e5 \\ud83d\\ude00","u":"https:\\/\\/x\\/y"}',
    );
    expect(JSON.parse(metaJson({ t: 'Añ 日本 \\/' }))).toEqual({ t: 'Añ 日本 \\/' });
  });

  it('signs the bytes as sent: sha256=<hex HMAC>', () => {
    const body = metaJson({ a: 'é' });
    expect(signSha256(body, 's')).toBe(
      `sha256=${createHmac('sha256', 's').update(body).digest('hex')}`,
    );
  });
});

describe('webhook delivery', () => {
  let app: FastifyInstance;
  let receiver: WebhookReceiver;
  let config: SandboxConfig;

  beforeEach(async () => {
    ({ app, receiver, config } = await testSandbox());
  });
  afterEach(async () => {
    await app.close();
    await receiver.stop();
  });

  it('raw-webhook signs the escaped form: the signature fails over a re-serialisation', async () => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        { id: '1', changes: [{ field: 'messages', value: { name: 'Sîti 🌸', text: 'Grüße/ok' } }] },
      ],
    };
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/raw-webhook?wait=true',
      payload,
    });
    expect(res.json()).toMatchObject({ status: 200, state: 'delivered' });
    const [hook] = receiver.received;
    const raw = hook!.raw.toString('utf8');
    expect(raw).toContain('S\\u00eeti \\ud83c\\udf38');
    expect(raw).toContain('Gr\\u00fc\\u00dfe\\/ok');
    expect([...raw].every((ch) => ch.charCodeAt(0) < 0x80)).toBe(true);
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(verifySignature(hook!.raw, hook!.headers['x-hub-signature-256'], config.appSecret)).toBe(
      true,
    );
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw)));
    expect(
      verifySignature(reserialised, hook!.headers['x-hub-signature-256'], config.appSecret),
    ).toBe(false);
    expect(hook!.json).toEqual(payload);
  });

  it('can send an invalid or missing signature for Sapa’s negative tests', async () => {
    await app.inject({
      method: 'POST',
      url: '/sandbox/raw-webhook?wait=1&signature=invalid&retry=false',
      payload: { a: 1 },
    });
    await app.inject({
      method: 'POST',
      url: '/sandbox/raw-webhook?wait=1&signature=none&retry=false',
      payload: { a: 2 },
    });
    const [bad, none] = receiver.received;
    expect(verifySignature(bad!.raw, bad!.headers['x-hub-signature-256'], config.appSecret)).toBe(
      false,
    );
    expect(none!.headers['x-hub-signature-256']).toBeUndefined();
  });

  it('retries non-2xx answers with backoff until Sapa accepts, and logs every attempt', async () => {
    receiver.replies = [500, 503, 200];
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/raw-webhook',
      payload: { n: 1 },
    });
    expect(res.statusCode).toBe(202);
    const { id } = res.json<{ id: string }>();
    await receiver.waitFor(() => receiver.received.length >= 3);
    // Redelivery repeats the exact same bytes and signature.
    const bodies = new Set(receiver.received.map((r) => r.raw.toString()));
    const signatures = new Set(receiver.received.map((r) => r.headers['x-hub-signature-256']));
    expect(bodies.size).toBe(1);
    expect(signatures.size).toBe(1);
    let delivery = (await app.inject({ url: `/sandbox/deliveries/${id}` })).json<{
      state: string;
      attempts: Array<{ status: number }>;
    }>();
    for (let i = 0; i < 50 && delivery.state !== 'delivered'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      delivery = (await app.inject({ url: `/sandbox/deliveries/${id}` })).json();
    }
    expect(delivery.state).toBe('delivered');
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    const log = await app.inject({ url: '/sandbox/deliveries' });
    expect(log.json<{ data: Array<{ id: string }> }>().data[0]?.id).toBe(id);
  });

  it('gives up after the configured number of attempts, and retries network failures too', async () => {
    await app.close();
    await receiver.stop();
    ({ app, receiver, config } = await testSandbox({ maxAttempts: 3 }));
    receiver.replies = [500, 500, 500, 500];
    const { id } = (
      await app.inject({ method: 'POST', url: '/sandbox/raw-webhook', payload: { n: 2 } })
    ).json<{ id: string }>();
    await receiver.waitFor(() => receiver.received.length >= 3);
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.received).toHaveLength(3);
    expect((await app.inject({ url: `/sandbox/deliveries/${id}` })).json()).toMatchObject({
      state: 'failed',
    });

    const down = await testSandbox({
      webhookUrl: 'http://127.0.0.1:1/webhooks/meta',
      maxAttempts: 2,
    });
    const first = await down.app.inject({
      method: 'POST',
      url: '/sandbox/raw-webhook?wait=1',
      payload: { n: 3 },
    });
    expect(first.json()).toMatchObject({
      status: null,
      error: expect.stringContaining('fetch failed'),
      state: 'retrying',
    });
    await down.app.close();
    await down.receiver.stop();
  });
});
