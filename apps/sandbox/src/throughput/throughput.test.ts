import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { AUTH, PNID, testSandbox, type WebhookReceiver } from '../test/helpers.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let clock: ManualClock;

afterEach(async () => {
  await app.close();
  await receiver.stop();
});

const template = (to: string, callback?: string) =>
  app.inject({
    method: 'POST',
    url: `/v21.0/${PNID}/messages`,
    headers: AUTH,
    payload: {
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'id' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Budi' },
              { type: 'text', text: 'A-1' },
            ],
          },
        ],
      },
      ...(callback ? { biz_opaque_callback_data: callback } : {}),
    },
  });

describe('throughput emulation and the send ledger', () => {
  it('refuses sends over the number rate with 130429 and refills with time', async () => {
    clock = new ManualClock();
    ({ app, receiver } = await testSandbox({ statusDelayMs: 1 }, clock));
    const set = await app.inject({
      method: 'POST',
      url: '/sandbox/throughput',
      payload: { phoneNumberId: PNID, messagesPerSecond: 5 },
    });
    expect(set.statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await template(`62811000000${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await template('628110000009');
    expect(refused.json()).toMatchObject({ error: { code: 130429 } });
    clock.advance(400); // 0.4 s × 5/s = 2 messages
    expect((await template('628110000010')).statusCode).toBe(200);
    expect((await template('628110000011')).statusCode).toBe(200);
    expect((await template('628110000012')).statusCode).toBe(429);
    const info = await app.inject({ url: `/sandbox/throughput?phoneNumberId=${PNID}` });
    expect(info.json()).toMatchObject({ phoneNumberId: PNID, messagesPerSecond: 5, refused: 4 });
  });

  it('reports the most send requests that arrived within any 1-second window', async () => {
    clock = new ManualClock();
    ({ app, receiver } = await testSandbox({ statusDelayMs: 1 }, clock));
    await app.inject({
      method: 'POST',
      url: '/sandbox/throughput',
      payload: { phoneNumberId: PNID, messagesPerSecond: 3 },
    });
    // 0, 0.4, 0.8 s; then 1.0, 1.1, 1.2 s: 5 arrived within (0.2 s, 1.2 s].
    for (const [i, wait] of [0, 400, 400, 200, 100, 100].entries()) {
      clock.advance(wait);
      await template(`62814000000${i}`);
    }
    const info = await app.inject({ url: `/sandbox/throughput?phoneNumberId=${PNID}` });
    expect(info.json()).toMatchObject({ arrivals: 6, maxPerSecond: 5 });
    expect(info.json().busiestSecondEndedAt).toBe(new Date(clock.now()).toISOString());
    // Marking read is not a send; setting the rate again starts a new measurement.
    await app.inject({
      method: 'POST',
      url: `/v21.0/${PNID}/messages`,
      headers: AUTH,
      payload: { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.x' },
    });
    await app.inject({
      method: 'POST',
      url: '/sandbox/throughput',
      payload: { phoneNumberId: PNID, messagesPerSecond: 3 },
    });
    const fresh = await app.inject({ url: `/sandbox/throughput?phoneNumberId=${PNID}` });
    expect(fresh.json()).toMatchObject({ arrivals: 0, maxPerSecond: 0 });
  });

  it('takes a send from the rate when it arrives, not when its (slow) answer goes out', async () => {
    clock = new ManualClock();
    ({ app, receiver } = await testSandbox({ statusDelayMs: 1 }, clock));
    await app.inject({
      method: 'POST',
      url: '/sandbox/throughput',
      payload: { phoneNumberId: PNID, messagesPerSecond: 1 },
    });
    await app.inject({
      method: 'POST',
      url: '/sandbox/faults',
      payload: {
        phoneNumberId: PNID,
        rules: [{ endpoint: 'messages', respond: 'slow', delayMs: 300 }],
      },
    });
    const slow = template('628150000001');
    const arrived = async () =>
      (await app.inject({ url: `/sandbox/throughput?phoneNumberId=${PNID}` })).json().arrivals;
    while ((await arrived()) < 1) await new Promise((r) => setTimeout(r, 5));
    // A second later the next send arrives, while the first is still being answered.
    clock.advance(1000);
    expect((await template('628150000002')).statusCode).toBe(200);
    expect((await slow).statusCode).toBe(200);
  });

  it('rejects a rate above 1,000/s', async () => {
    ({ app, receiver } = await testSandbox({}));
    const res = await app.inject({
      method: 'POST',
      url: '/sandbox/throughput',
      payload: { phoneNumberId: PNID, messagesPerSecond: 1001 },
    });
    expect(res.statusCode).toBe(400);
  });

  it('counts accepted template sends per recipient, and resets', async () => {
    ({ app, receiver } = await testSandbox({ statusDelayMs: 1 }));
    await template('628120000001');
    await template('628120000002');
    await template('628120000002');
    const ledger = await app.inject({ url: `/sandbox/ledger?phoneNumberId=${PNID}&counts=true` });
    expect(ledger.json()).toMatchObject({
      total: 3,
      unique: 2,
      duplicated: 1,
      duplicates: [{ to: '628120000002', count: 2 }],
      counts: { '628120000001': 1, '628120000002': 2 },
    });
    await app.inject({ method: 'DELETE', url: '/sandbox/ledger' });
    const after = await app.inject({ url: `/sandbox/ledger?phoneNumberId=${PNID}` });
    expect(after.json()).toMatchObject({ total: 0, unique: 0 });
  });

  it('echoes biz_opaque_callback_data in every status, batched into fewer posts when asked', async () => {
    ({ app, receiver } = await testSandbox({ statusDelayMs: 5, statusBatchMs: 30 }));
    for (let i = 0; i < 20; i++)
      await template(`62813000000${String(i).padStart(2, '0')}`, `bcast:${i}`);
    await receiver.waitFor(
      () => receiver.statuses().filter((s) => s.status === 'delivered').length === 20,
    );
    const statuses = receiver.statuses();
    expect(statuses.every((s) => typeof s.biz_opaque_callback_data === 'string')).toBe(true);
    expect(new Set(statuses.map((s) => s.biz_opaque_callback_data)).size).toBe(20);
    // 40 statuses (sent and delivered of 20 sends) in fewer posts than statuses.
    expect(receiver.received.length).toBeLessThan(40);
  });
});
