// Issue 16, the payments core against the real sandbox Snap (no browser): Sapa's Midtrans driver
// opens the Snap transaction in the sandbox, the sandbox pays it as the bank would and notifies
// Sapa with its own signature, Sapa re-reads the status API and credits the balance once (ten
// duplicate notifications and a forged one change nothing), the invoice follows, and the
// sandbox's refund takes the credit back. The web top-up journey is another spec.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

interface OrderBody {
  _id: string;
  status: string;
  amount: number;
  grossAmount: number;
  invoiceId: string | null;
}

async function signIn(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/auth/login', {
    data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

async function saldo(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/topup/last-saldo-history', { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { saldo: number }).saldo;
}

async function order(request: APIRequestContext, headers: Record<string, string>, id: string) {
  const res = await request.get(`/api/order/${id}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as OrderBody;
}

/** Acts on the order in the sandbox and waits for Sapa's answers to the notifications it sent. */
async function sandboxActs(
  request: APIRequestContext,
  orderId: string,
  action: string,
  data: Record<string, unknown> = {},
): Promise<Array<{ answer: number | null }>> {
  const res = await request.post(`${SANDBOX_URL}/sandbox/payments/${orderId}/${action}?wait=true`, {
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { notifications: Array<{ answer: number | null }> }).notifications;
}

test.describe('payments through the sandbox Snap', () => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);

  test('a top-up is paid, credited once, invoiced, and refunded', async ({ request }) => {
    const headers = await signIn(request);
    const before = await saldo(request, headers);

    const created = await request.post('/api/order/create-order/topup', {
      headers,
      data: { amount: 100_000 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const placed = (await created.json()) as OrderBody;
    expect(placed).toMatchObject({ status: 'pending', amount: 100_000, grossAmount: 111_000 });

    const snapRes = await request.get(`/api/order/create-snap-token?orderId=${placed._id}`, {
      headers,
    });
    expect(snapRes.status(), await snapRes.text()).toBe(200);
    const snap = (await snapRes.json()) as {
      token: string;
      redirectUrl: string;
      clientKey: string;
      scriptUrl: string;
    };
    expect(snap.redirectUrl.startsWith(SANDBOX_URL)).toBe(true);
    expect(snap.scriptUrl).toBe(`${SANDBOX_URL}/snap/snap.js`);
    // The sandbox holds one transaction for the order, at the gross Sapa asked for.
    const held = await request.get(`${SANDBOX_URL}/sandbox/payments/${placed._id}`);
    expect(held.status()).toBe(200);
    expect(await held.json()).toMatchObject({ token: snap.token, grossAmount: 111_000 });
    // Asking again returns the stored token, not a second transaction.
    const again = await request.get(`/api/order/create-snap-token?orderId=${placed._id}`, {
      headers,
    });
    expect(((await again.json()) as { token: string }).token).toBe(snap.token);

    const paid = await sandboxActs(request, placed._id, 'pay', { method: 'bca_va' });
    expect(paid.map((n) => n.answer)).toContain(200);
    await expect.poll(async () => (await order(request, headers, placed._id)).status).toBe('paid');
    await expect.poll(() => saldo(request, headers)).toBe(before + 100_000);

    // Ten more copies of the settlement, and one forged: the balance does not move.
    const copies = await sandboxActs(request, placed._id, 'notify', { times: 10 });
    expect(copies.map((n) => n.answer)).toEqual(Array(10).fill(200));
    const forged = await sandboxActs(request, placed._id, 'notify', { signature: 'forged' });
    expect(forged.map((n) => n.answer)).toEqual([401]);
    await expect
      .poll(async () => (await order(request, headers, placed._id)).invoiceId)
      .not.toBe(null);
    expect(await saldo(request, headers)).toBe(before + 100_000);

    const refunded = await sandboxActs(request, placed._id, 'refund', {});
    expect(refunded.map((n) => n.answer)).toContain(200);
    await expect
      .poll(async () => (await order(request, headers, placed._id)).status)
      .toBe('refunded');
    await expect.poll(() => saldo(request, headers)).toBe(before);
  });

  test('a virtual account left unpaid stays pending, then expires without a credit', async ({
    request,
  }) => {
    const headers = await signIn(request);
    const before = await saldo(request, headers);
    const created = await request.post('/api/order/create-order/topup', {
      headers,
      data: { amount: 250_000 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { _id: orderId } = (await created.json()) as OrderBody;
    const snapRes = await request.get(`/api/order/create-snap-token?orderId=${orderId}`, {
      headers,
    });
    expect(snapRes.status(), await snapRes.text()).toBe(200);

    const pending = await sandboxActs(request, orderId, 'pending', { method: 'bni_va' });
    expect(pending.map((n) => n.answer)).toEqual([200]);
    expect((await order(request, headers, orderId)).status).toBe('pending');
    const expired = await sandboxActs(request, orderId, 'expire', {});
    expect(expired.map((n) => n.answer)).toEqual([200]);
    await expect.poll(async () => (await order(request, headers, orderId)).status).toBe('expired');
    expect(await saldo(request, headers)).toBe(before);
    // Once expired, the order opens no new payment.
    const closed = await request.get(`/api/order/create-snap-token?orderId=${orderId}`, {
      headers,
    });
    expect(closed.status()).toBe(409);
  });

  test('an amount below the top-up minimum is a 400, an unknown order a 404', async ({
    request,
  }) => {
    const headers = await signIn(request);
    const tooSmall = await request.post('/api/order/create-order/topup', {
      headers,
      data: { amount: 5 },
    });
    expect(tooSmall.status()).toBe(400);
    const missing = await request.get('/api/order/SAPA-000000-NOSUCHORDR', { headers });
    expect(missing.status()).toBe(404);
  });
});
