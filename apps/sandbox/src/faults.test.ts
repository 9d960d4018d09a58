import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH, customerSays, PNID } from './test/helpers.js';
import { sandboxPerTest } from './test/per-test.js';

const sandbox = sandboxPerTest();

beforeEach(async () => {
  await customerSays(sandbox.app, '6281234567890');
});

const send = () =>
  sandbox.app.inject({
    method: 'POST',
    url: `/v21.0/${PNID}/messages`,
    headers: AUTH,
    payload: {
      messaging_product: 'whatsapp',
      to: '6281234567890',
      type: 'text',
      text: { body: 'hi' },
    },
  });

const arm = (payload: unknown) =>
  sandbox.app.inject({ method: 'POST', url: '/sandbox/faults', payload: payload as object });

describe('fault injection', () => {
  it('answers 429, then 500, then succeeds, each in the Graph envelope', async () => {
    const armed = await arm({
      rules: [
        { endpoint: 'messages', respond: 429, times: 1 },
        { endpoint: 'messages', respond: 500, times: 1 },
      ],
    });
    expect(armed.statusCode).toBe(200);

    const first = await send();
    expect(first.statusCode).toBe(429);
    expect(first.json()).toMatchObject({
      error: {
        code: 130429,
        type: 'OAuthException',
        is_transient: true,
        fbtrace_id: expect.any(String),
      },
    });
    const second = await send();
    expect(second.statusCode).toBe(500);
    expect(second.json()).toMatchObject({ error: { code: 131000, is_transient: true } });
    const third = await send();
    expect(third.statusCode).toBe(200);
    expect(third.json()).toMatchObject({ messages: [{ id: expect.stringMatching(/^wamid\./) }] });

    const calls = await sandbox.app.inject({ url: '/sandbox/calls?endpoint=messages' });
    expect(
      calls.json<{ data: Array<{ responseStatus: number }> }>().data.map((c) => c.responseStatus),
    ).toEqual([429, 500, 200]);
  });

  it('applies a rule `times` times and honours graphCode, endpoint and phoneNumberId filters', async () => {
    await arm({
      phoneNumberId: PNID,
      rules: [{ endpoint: 'messages', respond: 400, graphCode: 131026, times: 2 }],
    });
    await arm({ phoneNumberId: '555', rules: [{ endpoint: '*', respond: 500, times: 5 }] });
    await arm({ rules: [{ endpoint: 'media', respond: 503, times: 5 }] });
    expect((await send()).json()).toMatchObject({ error: { code: 131026 } });
    expect((await send()).json()).toMatchObject({ error: { code: 131026 } });
    expect((await send()).statusCode).toBe(200);

    const remaining = await sandbox.app.inject({ url: '/sandbox/faults' });
    expect(remaining.json<{ data: unknown[] }>().data).toHaveLength(2);
    await sandbox.app.inject({ method: 'DELETE', url: '/sandbox/faults' });
    expect(
      (await sandbox.app.inject({ url: '/sandbox/faults' })).json<{ data: unknown[] }>().data,
    ).toHaveLength(0);
  });

  it('a slow rule delays the answer but succeeds', async () => {
    await arm({ rules: [{ endpoint: 'messages', respond: 'slow', delayMs: 300 }] });
    const started = Date.now();
    const res = await send();
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('fail-async accepts the send, then reports the graphCode in a failed status webhook', async () => {
    await arm({ rules: [{ endpoint: 'messages', respond: 'fail-async', graphCode: 131026 }] });
    const res = await send();
    const id = res.json<{ messages: Array<{ id: string }> }>().messages[0]!.id;
    await sandbox.receiver.waitFor(() => sandbox.receiver.statuses().some((s) => s.id === id));
    const status = sandbox.receiver.statuses().find((s) => s.id === id)!;
    expect(status.status).toBe('failed');
    expect(status.errors?.[0]?.code).toBe(131026);
  });

  it('rejects a malformed rule', async () => {
    const res = await arm({ rules: [{ endpoint: 'messages', respond: 'explode' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 100 } });
  });
});
