import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { cardDetails, TEST_CARDS } from './cards.js';
import { TransitionError } from './errors.js';
import type { SentNotification } from './notifier.js';
import type { SnapPayments } from './snap.js';
import { PAYMENT_METHODS, type PaymentMethod, type SnapTransaction } from './types.js';
import { statusBody } from './wire.js';

const TRANSACTION_STATUSES = [
  'pending',
  'capture',
  'settlement',
  'deny',
  'cancel',
  'expire',
  'failure',
  'refund',
  'partial_refund',
] as const;

const method = z.enum(PAYMENT_METHODS).default('bca_va');
const bodies = {
  pay: z.object({ method, card: z.enum(['accept', 'challenge', 'deny']).default('accept') }),
  pending: z.object({ method: z.enum(['bca_va', 'bni_va', 'gopay', 'qris']).default('bca_va') }),
  deny: z.object({ method }),
  expire: z.object({ method }),
  fail: z.object({ method }),
  cancel: z.object({}),
  approve: z.object({}),
  settle: z.object({}),
  refund: z.object({
    amount: z.number().int().min(1).optional(),
    reason: z.string().max(255).optional(),
    refundKey: z.string().min(1).max(50).optional(),
  }),
  notify: z.object({
    times: z.number().int().min(1).max(100).default(1),
    signature: z.enum(['valid', 'forged', 'none']).default('valid'),
    transactionStatus: z.enum(TRANSACTION_STATUSES).optional(),
    fraudStatus: z.enum(['accept', 'challenge', 'deny']).optional(),
    retry: z.boolean().optional(),
  }),
} as const;
type Action = keyof typeof bodies;
const ACTIONS = Object.keys(bodies) as Action[];

const listQuery = z.object({
  orderId: z.string().optional(),
  state: z.enum(['pending', 'retrying', 'delivered', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(20_000).default(100),
});
const waitQuery = z.object({ wait: z.enum(['true', 'false', '1', '0']).optional() });

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ControlError(400, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

function summary(tx: SnapTransaction) {
  return {
    orderId: tx.orderId,
    token: tx.token,
    grossAmount: tx.grossAmount,
    method: tx.method,
    transactionStatus: tx.status,
    fraudStatus: tx.fraudStatus,
    transactionId: tx.transactionId,
    vaNumber: tx.vaNumber,
    createdAt: new Date(tx.createdAt).toISOString(),
    expiresAt: new Date(tx.expiresAt).toISOString(),
    notificationUrls: tx.notificationUrls,
    history: tx.history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
  };
}

/**
 * Test and bench controls under /sandbox/payments: act as the buyer, the bank or Midtrans on an
 * order (pay, leave pending, deny, expire, refund …), re-send its notification as duplicates or
 * with a forged signature, and read back every notification with Sapa's answers.
 */
export function registerPaymentControlRoutes(app: FastifyInstance, payments: SnapPayments): void {
  const fail = (reply: FastifyReply, err: unknown) => {
    if (err instanceof ControlError) {
      return reply.code(err.status).send({ error: { message: err.message } });
    }
    if (err instanceof TransitionError)
      return reply.code(409).send({ error: { message: err.message } });
    throw err;
  };
  const find = (orderId: string) => {
    const tx = payments.findByOrder(orderId);
    if (!tx) throw new ControlError(404, `No Snap transaction for order ${orderId}`);
    return tx;
  };
  app.get('/sandbox/payments', (request, reply) => {
    try {
      const { limit } = parse(listQuery, request.query);
      return { data: payments.list(limit).map(summary) };
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.get('/sandbox/payments/notifications', (request, reply) => {
    try {
      const query = parse(listQuery, request.query);
      return { data: payments.notifier.list(query) };
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.delete('/sandbox/payments/notifications', () => {
    payments.notifier.clearLog();
    return { success: true };
  });

  app.get<{ Params: { orderId: string } }>('/sandbox/payments/:orderId', (request, reply) => {
    try {
      const tx = find(request.params.orderId);
      return {
        ...summary(tx),
        status: tx.status ? statusBody(tx, payments.config) : null,
        notifications: payments.notifier.list({ orderId: tx.orderId }),
      };
    } catch (err) {
      return fail(reply, err);
    }
  });

  app.post<{ Params: { orderId: string; action: string } }>(
    '/sandbox/payments/:orderId/:action',
    async (request, reply) => {
      try {
        const action = request.params.action as Action;
        if (!ACTIONS.includes(action)) {
          throw new ControlError(404, `Unknown action ${request.params.action}`);
        }
        const { wait } = parse(waitQuery, request.query);
        const tx = find(request.params.orderId);
        const sent = act(payments, tx, action, request.body);
        const notifications =
          wait === 'true' || wait === '1'
            ? await Promise.all(sent.map((n) => n.firstAttempt))
            : sent.map((n) => n.record);
        return {
          ...summary(tx),
          notifications: notifications.map((n) => ({
            id: n.id,
            url: n.url,
            transactionStatus: n.transactionStatus,
            statusCode: n.statusCode,
            signature: n.signature,
            state: n.state,
            answer: n.attempts.at(-1)?.status ?? null,
            error: n.attempts.at(-1)?.error,
          })),
        };
      } catch (err) {
        return fail(reply, err);
      }
    },
  );
}

// Acting on an order with no payment yet first picks the method, as the buyer would.
function ensureCharged(
  payments: SnapPayments,
  tx: SnapTransaction,
  chosen: PaymentMethod,
): SentNotification[] {
  return tx.status === null ? payments.charge(tx, chosen).notifications : [];
}

/** Runs one control action; returns the notifications it sent. */
function act(
  payments: SnapPayments,
  tx: SnapTransaction,
  action: Action,
  raw: unknown,
): SentNotification[] {
  switch (action) {
    case 'pay': {
      const body = parse(bodies.pay, raw);
      if (body.method === 'credit_card') {
        // A card is paid by charging it; one already captured settles.
        if (tx.status !== null) return payments.settle(tx).notifications;
        const card = { outcome: body.card, details: cardDetails(TEST_CARDS[body.card], body.card) };
        return payments.charge(tx, 'credit_card', card).notifications;
      }
      return [...ensureCharged(payments, tx, body.method), ...payments.settle(tx).notifications];
    }
    case 'pending':
      return payments.charge(tx, parse(bodies.pending, raw).method).notifications;
    case 'deny': {
      const sent = ensureCharged(payments, tx, parse(bodies.deny, raw).method);
      return [...sent, ...payments.deny(tx).notifications];
    }
    case 'expire': {
      const sent = ensureCharged(payments, tx, parse(bodies.expire, raw).method);
      return [...sent, ...payments.expire(tx).notifications];
    }
    case 'fail': {
      const sent = ensureCharged(payments, tx, parse(bodies.fail, raw).method);
      return [...sent, ...payments.fail(tx).notifications];
    }
    case 'cancel':
      return payments.cancel(tx).notifications;
    case 'approve':
      return payments.approve(tx).notifications;
    case 'settle':
      return payments.settle(tx).notifications;
    case 'refund': {
      const body = parse(bodies.refund, raw);
      return payments.refund(tx, { amount: body.amount, reason: body.reason, key: body.refundKey })
        .notifications;
    }
    case 'notify': {
      const body = parse(bodies.notify, raw);
      return payments.resend(tx, {
        times: body.times,
        signature: body.signature,
        // Midtrans retries what it sends; a forged or unsigned copy is a one-off probe.
        retry: body.retry ?? body.signature === 'valid',
        status: body.transactionStatus,
        fraudStatus: body.fraudStatus,
      });
    }
  }
}
