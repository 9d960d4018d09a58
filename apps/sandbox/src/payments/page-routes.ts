import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { snapAssets } from './assets.js';
import { CardError, readCard, SANDBOX_OTP, TEST_CARDS } from './cards.js';
import { snapError, TransitionError } from './errors.js';
import { paymentPage, snapIndexPage, type PageBoot } from './page.js';
import type { PageState } from './page-state.js';
import { qrisPayload, qrSvg } from './qris.js';
import type { SnapPayments } from './snap.js';
import { PAYMENT_METHODS, type SnapTransaction } from './types.js';
import { browserResult, finishRedirectUrl, statusCodeOf } from './wire.js';

const pageQuery = z.object({
  embed: z.enum(['1', 'true']).optional(),
  origin: z.string().optional(),
  client_key: z.string().optional(),
});
const chargeBody = z.object({ method: z.enum(PAYMENT_METHODS) });
const cardBody = z.object({
  number: z.string().max(40),
  expMonth: z.string().max(2),
  expYear: z.string().max(4),
  cvv: z.string().max(4),
  otp: z.string().max(10),
});
const simulateBody = z.object({ outcome: z.enum(['settlement', 'deny', 'expire']) });

type TokenParams = { Params: { token: string } };

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw snapError(
    400,
    parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`),
  );
}

/** An origin such as http://127.0.0.1:3000, or null for anything that is not one. */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const qrCache = new WeakMap<SnapTransaction, string>();

async function pageState(payments: SnapPayments, tx: SnapTransaction): Promise<PageState> {
  const config = payments.config;
  const now = payments.now();
  let svg = qrCache.get(tx) ?? null;
  if (!svg && (tx.method === 'qris' || tx.method === 'gopay')) {
    svg = await qrSvg(
      qrisPayload({
        merchantName: config.merchantName,
        merchantId: config.merchantId,
        orderId: tx.orderId,
        amount: tx.grossAmount,
      }),
    );
    qrCache.set(tx, svg);
  }
  const statusCode = tx.status ? statusCodeOf(tx.status, tx.fraudStatus) : null;
  const name = [tx.customer?.firstName, tx.customer?.lastName].filter(Boolean).join(' ');
  return {
    token: tx.token,
    orderId: tx.orderId,
    merchantName: config.merchantName,
    grossAmount: tx.grossAmount,
    items: tx.items,
    customer: tx.customer
      ? { name: name || null, email: tx.customer.email, phone: tx.customer.phone }
      : null,
    expiresAt: tx.expiresAt,
    serverNow: now,
    pageExpired: tx.status === null && now >= tx.expiresAt,
    enabledMethods: tx.enabledMethods,
    method: tx.method,
    status: tx.status,
    fraudStatus: tx.fraudStatus,
    statusCode,
    vaNumber: tx.vaNumber,
    maskedCard: tx.card?.maskedCard ?? null,
    qrSvg: svg,
    finishRedirectUrl:
      tx.finishUrl && tx.status && statusCode
        ? finishRedirectUrl(tx.finishUrl, tx.orderId, statusCode, tx.status)
        : null,
    result: browserResult(tx, config),
    testCards: TEST_CARDS,
    otp: SANDBOX_OTP,
  };
}

/**
 * The buyer's side of Snap: the hosted payment page at Midtrans' own path
 * (`/snap/v2/vtweb/{token}`), the calls its script makes, and snap.js for merchant pages.
 */
export function registerPaymentPageRoutes(app: FastifyInstance, payments: SnapPayments): void {
  const find = (token: string) => {
    const tx = payments.findByToken(token);
    if (!tx) throw snapError(404, ['Transaction not found']);
    return tx;
  };
  // A state change the transaction cannot make answers 409 with its reason.
  const act = async (tx: SnapTransaction, change: () => unknown) => {
    try {
      change();
    } catch (err) {
      if (err instanceof TransitionError) throw snapError(409, [err.message]);
      throw err;
    }
    return pageState(payments, tx);
  };

  app.get<TokenParams & { Querystring: Record<string, string> }>(
    '/snap/v2/vtweb/:token',
    async (request, reply) => {
      const query = pageQuery.safeParse(request.query);
      const embedded = query.success && !!query.data.embed;
      const tx = payments.findByToken(request.params.token);
      const clientKey = query.success ? query.data.client_key : undefined;
      const wrongKey = clientKey !== undefined && clientKey !== payments.config.clientKey;
      const boot: PageBoot = {
        state: tx && !wrongKey ? await pageState(payments, tx) : null,
        error: !tx ? 'not_found' : wrongKey ? 'client_key' : null,
        embedded,
        parentOrigin: embedded && query.success ? originOf(query.data.origin) : null,
      };
      return reply
        .code(tx ? (wrongKey ? 401 : 200) : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(paymentPage(boot));
    },
  );

  app.get<TokenParams>('/snap/v2/vtweb/:token/state', async (request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send(await pageState(payments, find(request.params.token))),
  );

  app.post<TokenParams>('/snap/v2/vtweb/:token/charge', (request) => {
    const tx = find(request.params.token);
    const { method } = parse(chargeBody, request.body);
    if (method === 'credit_card') throw snapError(400, ['A card is charged through /card']);
    return act(tx, () => payments.charge(tx, method));
  });

  app.post<TokenParams>('/snap/v2/vtweb/:token/card', async (request, reply) => {
    const tx = find(request.params.token);
    const input = parse(cardBody, request.body);
    try {
      const card = readCard(input, payments.now());
      return await act(tx, () => payments.charge(tx, 'credit_card', card));
    } catch (err) {
      if (err instanceof CardError) {
        return reply.code(400).send({ error_messages: [err.message], field: err.field });
      }
      throw err;
    }
  });

  // The bank, the wallet app or the clock, simulated: pay, refuse, or let the payment lapse.
  app.post<TokenParams>('/snap/v2/vtweb/:token/simulate', (request) => {
    const tx = find(request.params.token);
    const { outcome } = parse(simulateBody, request.body);
    return act(tx, () => {
      if (outcome === 'settlement') payments.settle(tx);
      else if (outcome === 'deny') payments.deny(tx);
      else payments.expire(tx);
    });
  });

  app.get('/snap', (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        snapIndexPage(
          payments.list(50).map((tx) => ({
            orderId: tx.orderId,
            grossAmount: tx.grossAmount,
            status: tx.status ?? (payments.now() >= tx.expiresAt ? 'lapsed' : 'open'),
            method: tx.method,
            createdAt: tx.createdAt,
            url: `/snap/v2/vtweb/${tx.token}`,
          })),
          payments.config.notificationUrl,
        ),
      ),
  );

  app.get('/snap/snap.js', async (_request, reply) => {
    const { snapJs } = await snapAssets();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(snapJs);
  });
  app.get('/snap/assets/page.js', async (_request, reply) => {
    const { js } = await snapAssets();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(js);
  });
  app.get('/snap/assets/page.css', async (_request, reply) => {
    const { css } = await snapAssets();
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css);
  });
}
