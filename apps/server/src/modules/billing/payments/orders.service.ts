import {
  MESSAGES,
  ppnOf,
  type BillingPeriod,
  type Order,
  type OrderType,
  type SnapToken,
} from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import { AppError, badRequest, conflict, notFound } from '../../../http/errors.js';
import type { Principal } from '../../auth/principal.js';
import { planPrice } from '../plans/prices.js';
import { plansRepo } from '../plans/repo.js';
import { assertMayOrder, subscriptionStanding } from '../plans/standing.js';
import { GatewayManager } from './gateways/manager.js';
import {
  GatewayRefusedError,
  GatewayUnavailableError,
  type PaymentRequest,
} from './gateways/port.js';
import { newOrderId } from './order-id.js';
import { ordersRepo, type OrderRow } from './orders.repo.js';
import { presentOrder } from './presenter.js';
import { orderTerms } from './terms.js';

/** How long an order's payment page accepts payment (Midtrans' own Snap default). */
export const ORDER_TTL_MS = 24 * 3_600_000;

/** Where the buyer's browser comes back to after paying, per kind of order. */
const FINISH_PATH: Record<OrderType, string> = {
  topup: '/top-up',
  subscription: '/user-plan',
  renewal: '/renewal',
};

export type OrderRequest =
  | { type: 'topup'; amount: number }
  | { type: 'subscription' | 'renewal'; productCode: string; billingPeriod: BillingPeriod };

/** The gateway's failure as the API's 502, with the detail in the log rather than the answer. */
export function gatewayError(err: unknown, log: Deps['log'], orderId: string): unknown {
  if (!(err instanceof GatewayUnavailableError)) return err;
  log.warn({ orderId, err: err.message }, 'payment gateway call failed');
  return err instanceof GatewayRefusedError
    ? new AppError(502, MESSAGES.paymentGatewayRefused, 'GATEWAY_REFUSED')
    : new AppError(502, MESSAGES.paymentGatewayDown, 'GATEWAY_UNAVAILABLE');
}

/** Orders an account's admin places, and the one gateway payment session each may open. */
export class OrdersService {
  private readonly gateways: GatewayManager;

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'log' | 'config'>) {
    this.gateways = new GatewayManager(deps.config.payments, deps.clock);
  }

  async create(principal: Principal, request: OrderRequest): Promise<Order> {
    const { db, clock } = this.deps;
    const accountId = principal.accountId;
    const terms = await orderTerms(this.deps, accountId);
    const now = clock.now();
    let amount: number;
    let product: { id: string; period: BillingPeriod } | null = null;
    if (request.type === 'topup') {
      amount = request.amount;
    } else {
      const row = await plansRepo.findActiveProduct(db, request.productCode);
      if (!row)
        throw badRequest(MESSAGES.planNotFound, 'PLAN_NOT_FOUND', [
          { path: 'productCode', message: MESSAGES.planNotFound },
        ]);
      assertMayOrder(request.type, await subscriptionStanding(this.deps, accountId), now);
      amount = planPrice(row, request.billingPeriod, terms.billPrices);
      product = { id: row.id, period: request.billingPeriod };
    }
    const tax = ppnOf(amount, terms.ppnRate);
    const id = newOrderId(now);
    await ordersRepo.insert(db, {
      id,
      accountId,
      type: request.type,
      amount: tax.amount,
      ppnRate: tax.ppnRate,
      taxBase: tax.taxBase,
      ppn: tax.ppn,
      grossAmount: tax.gross,
      productId: product?.id ?? null,
      billingPeriod: product?.period ?? null,
      gateway: this.gateways.current().name,
      createdBy: principal.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
    });
    return this.get(accountId, id);
  }

  async get(accountId: string, id: string): Promise<Order> {
    const row = await ordersRepo.findView(this.deps.db, accountId, id);
    if (!row) throw notFound(MESSAGES.orderNotFound);
    return presentOrder(row);
  }

  async list(
    accountId: string,
    q: { page: number; perpage: number; type?: OrderType | undefined },
  ): Promise<{ data: Order[]; total: number }> {
    const { rows, total } = await ordersRepo.page(this.deps.db, accountId, q);
    return { data: rows.map(presentOrder), total };
  }

  /**
   * The order's one payment session. The order row stays locked while the gateway is asked, so
   * concurrent askers wait and then find the stored session instead of opening a second one; a
   * gateway failure rolls back and answers 502, and asking again later tries again.
   */
  async paymentSession(principal: Principal, orderId: string): Promise<SnapToken> {
    const { db, clock } = this.deps;
    const session = await db
      .transaction()
      .execute(async (trx) => {
        const order = await ordersRepo.lockForAccount(trx, principal.accountId, orderId);
        if (!order) throw notFound(MESSAGES.orderNotFound);
        if (order.status === 'paid' || order.status === 'refunded')
          throw conflict(MESSAGES.orderAlreadyPaid, 'ORDER_PAID');
        if (order.status !== 'pending') throw conflict(MESSAGES.orderClosed, 'ORDER_CLOSED');
        const gateway = this.gateways.get(order.gateway);
        if (!gateway) throw conflict(MESSAGES.orderClosed, 'ORDER_CLOSED');
        if (order.payment_token && order.payment_url)
          return { gateway, token: order.payment_token, redirectUrl: order.payment_url };
        const now = clock.now();
        if (order.expires_at.getTime() <= now.getTime())
          throw conflict(MESSAGES.orderClosed, 'ORDER_CLOSED');
        const created = await gateway.createPayment(await this.paymentRequest(order, principal));
        await ordersRepo.saveSession(trx, order.id, created.token, created.redirectUrl, now);
        return { gateway, ...created };
      })
      .catch((err: unknown) => {
        throw gatewayError(err, this.deps.log, orderId);
      });
    return {
      token: session.token,
      redirectUrl: session.redirectUrl,
      ...session.gateway.browserConfig(),
    };
  }

  private async paymentRequest(order: OrderRow, buyer: Principal): Promise<PaymentRequest> {
    const amount = Number(order.amount);
    const ppn = Number(order.ppn);
    let name = 'Sapa balance top-up';
    if (order.product_id) {
      const plan = await plansRepo.findProductById(this.deps.db, order.product_id);
      name = `Sapa ${plan?.name ?? 'plan'}, ${order.billing_period === 'yearly' ? '1 year' : '1 month'}`;
    }
    return {
      orderId: order.id,
      grossAmount: Number(order.gross_amount),
      items: [
        { id: order.type, name, price: amount, quantity: 1 },
        ...(ppn > 0
          ? [{ id: 'ppn', name: `PPN ${Number(order.ppn_rate)}%`, price: ppn, quantity: 1 }]
          : []),
      ],
      customer: { name: buyer.name, email: buyer.email, phone: null },
      expiresAt: order.expires_at,
      finishUrl: `${this.deps.config.appUrl}${FINISH_PATH[order.type]}`,
    };
  }
}
