import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createUser, type TestUser } from '../../../test/fixtures.js';
import { createPeer } from '../../../test/harness.js';
import { PaymentFulfilment } from './fulfilment.js';
import { runPaymentReconcile, SWEEP_AFTER_MS } from './reconcile.js';
import {
  balanceOf,
  ledgerOf,
  notify,
  orderPaidAtGateway,
  paymentsHarness,
  placeOrder,
  openPayment,
  runPaymentJobs,
  type PaymentsHarness,
} from './test-helpers.js';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await paymentsHarness();
});
afterAll(() => h.close());

const newAdmin = async (): Promise<TestUser> =>
  createUser(h.ctx, await createAccount(h.ctx), { role: 'admin' });

/** The reconcile sweep a minute on (a notification's own job gets that long first). */
async function sweepLater() {
  h.ctx.clock.advance(SWEEP_AFTER_MS);
  try {
    return await runPaymentReconcile(h.ctx.deps);
  } finally {
    h.ctx.clock.advance(-SWEEP_AFTER_MS);
  }
}

async function orderRow(id: string) {
  return h.ctx.deps.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
async function notificationsOf(orderId: string) {
  return h.ctx.deps.db
    .selectFrom('payment_notifications')
    .select(['transaction_status', 'outcome', 'handled_at'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

describe('POST /webhooks/payments/midtrans: authenticity', () => {
  it('answers 401 to a forged signature, a missing one and a wrong key, and changes nothing', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 100_000 });
    const genuine = h.stub.notification(order._id);
    const signature = String(genuine.signature_key);
    const forged = {
      ...genuine,
      signature_key: `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`,
    };
    const { signature_key: _dropped, ...unsigned } = genuine;
    const otherKey = h.stub.notification(order._id, undefined, 'someone-elses-server-key');
    // Same signature, richer claim: the amount is part of what is signed.
    const inflated = { ...genuine, gross_amount: '999999.00' };
    for (const body of [forged, unsigned, otherKey, inflated]) {
      const res = await notify(h, body);
      expect(res.statusCode).toBe(401);
    }
    expect((await notify(h, 'not json at all')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await notify(h, 'not json at all')).statusCode).toBeLessThan(500);
    expect(await notificationsOf(order._id)).toEqual([]);
    expect(h.ctx.jobs.queued.filter((j) => j.name === 'payments.settle')).toEqual([]);
    expect((await orderRow(order._id)).status).toBe('pending');
    expect(await balanceOf(h, admin.accountId)).toBe(0);
  });

  it('answers 404 for a gateway Sapa has no driver for', async () => {
    const res = await h.ctx.app.inject({
      method: 'POST',
      url: '/webhooks/payments/paypal',
      payload: { order_id: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('acknowledges a genuine notification for an order that is not ours, and moves nothing', async () => {
    h.stub.seed('OTHER-ENV-1', 50_000, { transaction_status: 'settlement' });
    const res = await notify(h, h.stub.notification('OTHER-ENV-1'));
    expect(res.statusCode).toBe(200);
    expect(await notificationsOf('OTHER-ENV-1')).toMatchObject([
      { transaction_status: 'settlement', outcome: 'unknown_order' },
    ]);
    expect(h.ctx.jobs.queued.filter((j) => j.name === 'payments.settle')).toEqual([]);
  });
});

describe('settling a top-up', () => {
  it('credits the amount before PPN once, issues the invoice once, and tells the account', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(
      h,
      admin,
      'topup',
      { amount: 100_000 },
      {
        transaction_status: 'settlement',
        bank: 'bca',
        settlement_time: '2026-01-15 10:05:00',
      },
    );
    const events = h.ctx.events.length;
    const res = await notify(h, h.stub.notification(order._id));
    expect(res.statusCode).toBe(200);
    // Answered before anything moved: the money waits for the job, which re-reads the status.
    expect(await balanceOf(h, admin.accountId)).toBe(0);
    expect(h.stub.statusCalls(order._id)).toBe(0);
    await runPaymentJobs(h);
    expect(h.stub.statusCalls(order._id)).toBe(1);
    expect(await ledgerOf(h, admin.accountId)).toEqual([
      { kind: 'topup', amount: 100_000, after: 100_000, orderId: order._id },
    ]);
    const row = await orderRow(order._id);
    expect(row).toMatchObject({
      status: 'paid',
      gateway_status: 'settlement',
      payment_type: 'bank_transfer',
      payment_method: 'BCA Virtual Account',
      gateway_transaction_id: `tx-${order._id}`,
    });
    expect(row.paid_at?.toISOString()).toBe('2026-01-15T03:05:00.000Z');
    expect(h.invoiced.filter((id) => id === order._id)).toHaveLength(1);
    expect(await notificationsOf(order._id)).toMatchObject([
      { transaction_status: 'settlement', outcome: 'paid' },
    ]);
    // The dashboard's nudge (throttled, after the balance moved) is the reports' concern.
    const published = h.ctx.events.slice(events).filter((e) => e.type !== 'dashboard.updated');
    expect(published).toEqual([
      expect.objectContaining({
        type: 'order.updated',
        accountId: admin.accountId,
        order: expect.objectContaining({ _id: order._id, status: 'paid' }),
      }),
      { type: 'balance.updated', accountId: admin.accountId, saldo: 100_000 },
    ]);
    const api = await h.ctx.app.inject({
      method: 'GET',
      url: '/api/topup/last-saldo-history',
      headers: admin.auth,
    });
    expect(api.json()).toEqual({ saldo: 100_000, orderId: order._id });
  });

  it('credits once when the same notification comes 10 times in a row', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 250_000 });
    const body = h.stub.notification(order._id);
    for (let i = 0; i < 10; i++) {
      expect((await notify(h, body)).statusCode).toBe(200);
      await runPaymentJobs(h);
    }
    expect(await ledgerOf(h, admin.accountId)).toEqual([
      { kind: 'topup', amount: 250_000, after: 250_000, orderId: order._id },
    ]);
    expect(h.invoiced.filter((id) => id === order._id)).toHaveLength(1);
    expect(await notificationsOf(order._id)).toHaveLength(1);
  });

  it('credits once when settling runs again and again anyway (the status moved, nothing else does)', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 100_000 });
    const fulfilment = new PaymentFulfilment(h.ctx.deps);
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push(await fulfilment.settle(order._id));
    expect(outcomes[0]).toBe('paid');
    expect(new Set(outcomes.slice(1))).toEqual(new Set(['unchanged']));
    expect(await balanceOf(h, admin.accountId)).toBe(100_000);
    const invoiceJobs = h.ctx.jobs.queued.filter(
      (j) => j.name === 'invoice.issue' && JSON.stringify(j.data).includes(order._id),
    );
    expect(invoiceJobs).toHaveLength(1);
    await runPaymentJobs(h);
  });

  it('re-reads the status: a notification saying settlement while the status API says pending pays nothing', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(
      h,
      admin,
      'topup',
      { amount: 100_000 },
      {
        transaction_status: 'pending',
        bank: 'bni',
      },
    );
    // Signed correctly (a replay, a Midtrans bug): the claim is checked against the status API.
    const claim = h.stub.notification(order._id, { transaction_status: 'settlement' });
    expect((await notify(h, claim)).statusCode).toBe(200);
    await runPaymentJobs(h);
    expect(await balanceOf(h, admin.accountId)).toBe(0);
    expect(await orderRow(order._id)).toMatchObject({
      status: 'pending',
      gateway_status: 'pending',
    });
    // Not borne out yet: it stays unhandled, so the sweep keeps asking (the status API can lag).
    expect(await notificationsOf(order._id)).toMatchObject([{ handled_at: null }]);
    await sweepLater();
    expect(await balanceOf(h, admin.accountId)).toBe(0);
    // The money really arrives; Midtrans' own settlement notification is the same (order, status)
    // and is not handled twice, but the sweep's next read finds it paid.
    h.stub.pay(order._id, { transaction_status: 'settlement', bank: 'bni' });
    expect((await notify(h, h.stub.notification(order._id))).statusCode).toBe(200);
    expect(h.ctx.jobs.queued.filter((j) => j.name === 'payments.settle')).toEqual([]);
    expect((await sweepLater()).outcomes).toEqual({ paid: 1 });
    expect(await balanceOf(h, admin.accountId)).toBe(100_000);
    expect(await notificationsOf(order._id)).toMatchObject([{ outcome: 'paid' }]);
  });

  it('stops re-checking a claim the status API never bears out after a day', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(
      h,
      admin,
      'topup',
      { amount: 100_000 },
      {
        transaction_status: 'pending',
      },
    );
    await notify(h, h.stub.notification(order._id, { transaction_status: 'settlement' }));
    await runPaymentJobs(h);
    h.ctx.clock.advance(24 * 3_600_000);
    try {
      h.stub.pay(order._id, { transaction_status: 'expire' });
      await runPaymentReconcile(h.ctx.deps);
    } finally {
      h.ctx.clock.advance(-24 * 3_600_000);
    }
    expect((await orderRow(order._id)).status).toBe('expired');
    expect(await notificationsOf(order._id)).toMatchObject([{ outcome: 'expired' }]);
    expect((await runPaymentReconcile(h.ctx.deps)).checked).toBe(0);
    expect(await balanceOf(h, admin.accountId)).toBe(0);
  });

  it('never credits when the gateway says a different amount than the order', async () => {
    const admin = await newAdmin();
    const order = await placeOrder(h, admin, 'topup', { amount: 100_000 });
    await openPayment(h, admin, order._id);
    h.stub.seed(order._id, 1_000, { transaction_status: 'settlement' });
    await notify(h, h.stub.notification(order._id));
    await runPaymentJobs(h);
    expect(await balanceOf(h, admin.accountId)).toBe(0);
    expect((await orderRow(order._id)).status).toBe('pending');
    expect(await notificationsOf(order._id)).toMatchObject([{ outcome: 'amount_mismatch' }]);
  });
});

describe('every transaction_status', () => {
  const cases = [
    { payment: { transaction_status: 'settlement' }, status: 'paid', credited: true },
    {
      payment: {
        transaction_status: 'capture',
        fraud_status: 'accept',
        payment_type: 'credit_card',
      },
      status: 'paid',
      credited: true,
    },
    {
      payment: {
        transaction_status: 'capture',
        fraud_status: 'challenge',
        payment_type: 'credit_card',
      },
      status: 'pending',
      credited: false,
    },
    {
      payment: { transaction_status: 'capture', fraud_status: 'deny', payment_type: 'credit_card' },
      status: 'failed',
      credited: false,
    },
    { payment: { transaction_status: 'pending' }, status: 'pending', credited: false },
    {
      payment: { transaction_status: 'deny', payment_type: 'credit_card' },
      status: 'failed',
      credited: false,
    },
    { payment: { transaction_status: 'cancel' }, status: 'failed', credited: false },
    { payment: { transaction_status: 'failure' }, status: 'failed', credited: false },
    { payment: { transaction_status: 'expire' }, status: 'expired', credited: false },
    // Refunded before Sapa ever saw it paid: nothing was credited, nothing is taken back.
    { payment: { transaction_status: 'refund' }, status: 'refunded', credited: false },
    {
      payment: { transaction_status: 'partial_refund', refund_amount: 1_000 },
      status: 'refunded',
      credited: false,
    },
  ] as const;

  for (const c of cases) {
    const label = `${c.payment.transaction_status}${'fraud_status' in c.payment ? `+${c.payment.fraud_status}` : ''}`;
    it(`${label} → order ${c.status}${c.credited ? ', balance credited' : ''}`, async () => {
      const admin = await newAdmin();
      const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 100_000 }, c.payment);
      expect((await notify(h, h.stub.notification(order._id))).statusCode).toBe(200);
      await runPaymentJobs(h);
      const row = await orderRow(order._id);
      expect(row.status).toBe(c.status);
      expect(row.gateway_status).toBe(c.payment.transaction_status);
      expect(await balanceOf(h, admin.accountId)).toBe(c.credited ? 100_000 : 0);
      expect(h.invoiced.includes(order._id)).toBe(c.credited);
    });
  }

  it('a denied card that is retried and captured still pays (failed → paid)', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(
      h,
      admin,
      'topup',
      { amount: 100_000 },
      {
        transaction_status: 'deny',
        payment_type: 'credit_card',
      },
    );
    await notify(h, h.stub.notification(order._id));
    await runPaymentJobs(h);
    expect((await orderRow(order._id)).status).toBe('failed');
    h.stub.pay(order._id, {
      transaction_status: 'capture',
      fraud_status: 'accept',
      payment_type: 'credit_card',
    });
    await notify(h, h.stub.notification(order._id));
    await runPaymentJobs(h);
    expect(await orderRow(order._id)).toMatchObject({
      status: 'paid',
      payment_method: 'Credit card',
    });
    expect(await balanceOf(h, admin.accountId)).toBe(100_000);
  });
});

describe('refunds', () => {
  async function paidTopup(amount: number) {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount });
    await notify(h, h.stub.notification(order._id));
    await runPaymentJobs(h);
    expect(await balanceOf(h, admin.accountId)).toBe(amount);
    return { admin, order };
  }

  it('takes a refunded top-up back once', async () => {
    const { admin, order } = await paidTopup(100_000);
    h.stub.pay(order._id, { transaction_status: 'refund', refund_amount: 111_000 });
    const body = h.stub.notification(order._id);
    for (let i = 0; i < 3; i++) {
      await notify(h, body);
      await runPaymentJobs(h);
    }
    await new PaymentFulfilment(h.ctx.deps).settle(order._id);
    expect(await ledgerOf(h, admin.accountId)).toEqual([
      { kind: 'topup', amount: 100_000, after: 100_000, orderId: order._id },
      { kind: 'refund', amount: -100_000, after: 0, orderId: order._id },
    ]);
    expect(await orderRow(order._id)).toMatchObject({ status: 'refunded', refund_shortfall: null });
  });

  it('a partial refund takes back the same share of the balance as of the gross paid', async () => {
    const { admin, order } = await paidTopup(200_000);
    // 222,000 paid gross; 55,500 (a quarter) returned → a quarter of 200,000.
    h.stub.pay(order._id, { transaction_status: 'partial_refund', refund_amount: 55_500 });
    await notify(h, h.stub.notification(order._id));
    await runPaymentJobs(h);
    expect((await ledgerOf(h, admin.accountId)).at(-1)).toEqual({
      kind: 'refund',
      amount: -50_000,
      after: 150_000,
      orderId: order._id,
    });
  });

  it('takes back what is left when the balance was spent, and records the rest for the operator', async () => {
    const { admin, order } = await paidTopup(100_000);
    const { LedgerService } = await import('../ledger.js');
    await new LedgerService(h.ctx.deps).charge(admin.accountId, {
      amount: 70_000.5,
      description: 'usage',
    });
    h.stub.pay(order._id, { transaction_status: 'refund' });
    await notify(h, h.stub.notification(order._id));
    await runPaymentJobs(h);
    expect((await ledgerOf(h, admin.accountId)).at(-1)).toEqual({
      kind: 'refund',
      amount: -29_999.5,
      after: 0,
      orderId: order._id,
    });
    expect(await orderRow(order._id)).toMatchObject({
      status: 'refunded',
      refund_shortfall: '70000.50',
    });
  });
});

describe('50 concurrent copies of one notification', () => {
  it('credit once: split over two server processes, and through settling itself', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 500_000 });
    const body = h.stub.notification(order._id);
    // A second process on the same database: the copies meet only in PostgreSQL's unique key.
    const peer = await createPeer(h.ctx);
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 ? peer.app : h.ctx.app).inject({
            method: 'POST',
            url: '/webhooks/payments/midtrans',
            payload: body,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
      expect(await notificationsOf(order._id)).toHaveLength(1);
      const queued = [...h.ctx.jobs.queued, ...peer.jobs.queued].filter(
        (j) => j.name === 'payments.settle',
      );
      expect(queued).toHaveLength(1);
      peer.jobs.queued.length = 0;
    } finally {
      await peer.close();
    }
    // Past the notification log's de-duplication: 50 settles racing on the order's status.
    const fulfilment = new PaymentFulfilment(h.ctx.deps);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => fulfilment.settle(order._id)),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'unchanged')).toHaveLength(49);
    await runPaymentJobs(h);
    expect(await ledgerOf(h, admin.accountId)).toEqual([
      { kind: 'topup', amount: 500_000, after: 500_000, orderId: order._id },
    ]);
    expect(h.invoiced.filter((id) => id === order._id)).toHaveLength(1);
  });
});

describe('when the status API is down after the 200', () => {
  it('keeps the notification unhandled, and the reconcile job settles it later', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 100_000 });
    expect((await notify(h, h.stub.notification(order._id))).statusCode).toBe(200);
    h.stub.mode = 'down';
    try {
      await expect(runPaymentJobs(h)).rejects.toThrow(/Midtrans status API answered 503/);
      h.ctx.jobs.queued.length = 0;
      // Its own job may still be retrying: the sweep leaves it a minute.
      expect((await runPaymentReconcile(h.ctx.deps)).checked).toBe(0);
      expect(await notificationsOf(order._id)).toMatchObject([{ handled_at: null, outcome: null }]);
      const sweep = await sweepLater();
      expect(sweep.outcomes.error).toBeGreaterThanOrEqual(1);
    } finally {
      h.stub.mode = 'up';
    }
    expect(await balanceOf(h, admin.accountId)).toBe(0);
    const sweep = await sweepLater();
    expect(sweep.outcomes.paid).toBe(1);
    expect(await balanceOf(h, admin.accountId)).toBe(100_000);
    expect(await notificationsOf(order._id)).toMatchObject([{ outcome: 'paid' }]);
    expect((await runPaymentReconcile(h.ctx.deps)).checked).toBe(0);
  });
});

describe('the reconcile sweep and expiry', () => {
  it('after commit, before the notification was marked handled: the sweep finds it paid and moves nothing', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 100_000 });
    await notify(h, h.stub.notification(order._id));
    const { db } = h.ctx.deps;
    const fulfilment = new PaymentFulfilment(h.ctx.deps);
    await fulfilment.settle(order._id);
    // What a crash right after the commit leaves: the money moved, the notification unhandled.
    await db
      .updateTable('payment_notifications')
      .set({ handled_at: null, outcome: null })
      .where('order_id', '=', order._id)
      .execute();
    const sweep = await sweepLater();
    expect(sweep.outcomes).toMatchObject({ unchanged: 1 });
    expect(await ledgerOf(h, admin.accountId)).toHaveLength(1);
    const note = await db
      .selectFrom('payment_notifications')
      .select(['handled_at', 'outcome'])
      .where('order_id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(note.outcome).toBe('unchanged');
    expect(note.handled_at).not.toBeNull();
  });

  it('settles a paid order whose notification never came, once it passes its expiry', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(h, admin, 'topup', { amount: 100_000 });
    expect((await runPaymentReconcile(h.ctx.deps)).checked).toBe(0);
    h.ctx.clock.advance(24 * 3_600_000);
    try {
      await runPaymentReconcile(h.ctx.deps);
    } finally {
      h.ctx.clock.advance(-24 * 3_600_000);
    }
    expect((await orderRow(order._id)).status).toBe('paid');
    expect(await balanceOf(h, admin.accountId)).toBe(100_000);
  });

  it('expires a pending order nobody paid (no payment at the gateway, or never opened)', async () => {
    const admin = await newAdmin();
    const opened = await placeOrder(h, admin, 'topup', { amount: 100_000 });
    await openPayment(h, admin, opened._id);
    const neverOpened = await placeOrder(h, admin, 'topup', { amount: 200_000 });
    const events = h.ctx.events.length;
    h.ctx.clock.advance(24 * 3_600_000);
    try {
      await runPaymentReconcile(h.ctx.deps);
    } finally {
      h.ctx.clock.advance(-24 * 3_600_000);
    }
    expect((await orderRow(opened._id)).status).toBe('expired');
    expect((await orderRow(neverOpened._id)).status).toBe('expired');
    expect(h.ctx.events.slice(events).map((e) => e.type)).toEqual([
      'order.updated',
      'order.updated',
    ]);
    expect(await balanceOf(h, admin.accountId)).toBe(0);
  });

  it('leaves a VA payment the gateway still calls pending alone until the gateway decides', async () => {
    const admin = await newAdmin();
    const order = await orderPaidAtGateway(
      h,
      admin,
      'topup',
      { amount: 100_000 },
      {
        transaction_status: 'pending',
      },
    );
    h.ctx.clock.advance(24 * 3_600_000);
    try {
      await runPaymentReconcile(h.ctx.deps);
      expect((await orderRow(order._id)).status).toBe('pending');
      h.stub.pay(order._id, { transaction_status: 'expire' });
      await runPaymentReconcile(h.ctx.deps);
    } finally {
      h.ctx.clock.advance(-24 * 3_600_000);
    }
    expect((await orderRow(order._id)).status).toBe('expired');
  });

  it('runs every minute', () => {
    expect(h.ctx.jobs.schedules).toContainEqual({ name: 'payments.reconcile', cron: '* * * * *' });
  });
});
