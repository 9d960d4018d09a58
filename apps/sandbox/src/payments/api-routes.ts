import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CANNOT_MODIFY,
  CORE_UNAUTHORIZED,
  coreError,
  SNAP_UNAUTHORIZED,
  snapError,
  TRANSACTION_NOT_FOUND,
  TransitionError,
} from './errors.js';
import { parseSnapRequest } from './request.js';
import type { Change, SnapPayments } from './snap.js';
import { formatAmount, jakartaTime, paymentTypeOf, statusBody } from './wire.js';

/** HTTP Basic with the server key as user and an empty password, as Midtrans authenticates. */
function authorized(request: FastifyRequest, serverKey: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^Basic /i.test(header)) return false;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const given = Buffer.from(colon === -1 ? decoded : decoded.slice(0, colon));
  const expected = Buffer.from(serverKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Midtrans' X-Override-Notification / X-Append-Notification headers: up to three comma-separated
 * URLs that replace, or join, the configured notification URL for this transaction.
 */
function notificationUrls(request: FastifyRequest, configured: string): string[] {
  const read = (name: string): string[] | null => {
    const value = request.headers[name];
    if (typeof value !== 'string' || value.trim() === '') return null;
    const urls = value.split(',').map((u) => u.trim());
    const valid = urls.every((u) => z.url({ protocol: /^https?$/ }).safeParse(u).success);
    if (!valid || urls.length > 3) {
      throw snapError(400, [`${name} must be at most 3 comma-separated http(s) URLs`]);
    }
    return urls;
  };
  const override = read('x-override-notification');
  if (override) return override;
  const append = read('x-append-notification');
  return append ? [configured, ...append] : [configured];
}

const refundBody = z
  .object({
    refund_key: z.string().min(1).max(50).optional(),
    amount: z.number().int().min(1).optional(),
    reason: z.string().max(255).optional(),
  })
  .optional();

type OrderParams = { Params: { orderId: string } };

const ACTION_MESSAGES = {
  cancel: 'Success, transaction is canceled',
  expire: 'Success, transaction has expired',
  approve: 'Success, transaction is approved',
  deny: 'Success, transaction is denied',
} as const;

/** Snap's transaction API and the Core API calls Sapa makes: status, cancel, expire, refund. */
export function registerPaymentApiRoutes(
  app: FastifyInstance,
  payments: SnapPayments,
  publicUrl: string,
): void {
  const config = payments.config;
  const started = (orderId: string) => {
    const tx = payments.findByOrder(orderId);
    // Until the buyer picks a method there is no payment: Midtrans answers 404 too.
    if (!tx || tx.status === null) throw TRANSACTION_NOT_FOUND();
    return tx;
  };
  const change = <T extends Change>(run: () => T): T => {
    try {
      return run();
    } catch (err) {
      if (err instanceof TransitionError) throw CANNOT_MODIFY();
      throw err;
    }
  };

  app.post('/snap/v1/transactions', (request, reply) => {
    if (!authorized(request, config.serverKey)) throw SNAP_UNAUTHORIZED();
    const input = parseSnapRequest(request.body, payments.now(), config.defaultExpiryMinutes);
    const tx = payments.create(input, notificationUrls(request, config.notificationUrl));
    return reply.code(201).send({
      token: tx.token,
      redirect_url: `${publicUrl}/snap/v2/vtweb/${tx.token}`,
    });
  });

  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/v2/') && !authorized(request, config.serverKey)) {
      throw CORE_UNAUTHORIZED();
    }
  });

  app.get<OrderParams>('/v2/:orderId/status', (request) =>
    statusBody(started(request.params.orderId), config),
  );

  for (const action of ['cancel', 'expire', 'approve', 'deny'] as const) {
    app.post<OrderParams>(`/v2/:orderId/${action}`, (request) => {
      const tx = started(request.params.orderId);
      change(() => payments[action](tx));
      return { ...statusBody(tx, config), status_message: ACTION_MESSAGES[action] };
    });
  }

  app.post<OrderParams>('/v2/:orderId/refund', (request) => {
    const parsed = refundBody.safeParse(request.body ?? undefined);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw coreError(
        400,
        `Validation error: ${issue?.path.join('.') || 'body'} ${issue?.message}`,
      );
    }
    const tx = started(request.params.orderId);
    const body = parsed.data ?? {};
    const { refund } = change(() =>
      payments.refund(tx, { amount: body.amount, reason: body.reason, key: body.refund_key }),
    );
    return {
      status_code: '200',
      status_message: 'Success, refund request is approved',
      transaction_id: tx.transactionId,
      order_id: tx.orderId,
      gross_amount: formatAmount(tx.grossAmount),
      currency: 'IDR',
      payment_type: paymentTypeOf(tx.method ?? 'bca_va'),
      transaction_time: jakartaTime(tx.transactionTime ?? tx.createdAt),
      transaction_status: tx.status,
      refund_chargeback_id: refund.refundChargebackId,
      refund_amount: formatAmount(refund.amount),
      refund_key: refund.refundKey,
    };
  });
}
