import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { OrdersTable, OrderStatusDb, OrderType } from '../../../db/schema-money.js';

export type OrderRow = Selectable<OrdersTable>;

/** An order as the API shows it: with its plan's name and its invoice, once issued. */
export type OrderView = OrderRow & {
  product_code: string | null;
  product_name: string | null;
  invoice_id: string | null;
};

export interface NewOrder {
  id: string;
  accountId: string;
  type: OrderType;
  amount: number;
  ppnRate: number;
  taxBase: number;
  ppn: number;
  grossAmount: number;
  productId: string | null;
  billingPeriod: 'monthly' | 'yearly' | null;
  gateway: string;
  createdBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** What the gateway said about the payment, kept on the order for support and the invoice. */
export interface GatewayFacts {
  gatewayStatus: string;
  transactionId: string | null;
  paymentType: string | null;
  paymentMethod: string | null;
}

function viewQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .leftJoin('products as p', 'p.id', 'o.product_id')
    .leftJoin('invoices as i', 'i.order_id', 'o.id')
    .selectAll('o')
    .select(['p.code as product_code', 'p.name as product_name', 'i.id as invoice_id']);
}

const facts = (f: GatewayFacts) => ({
  gateway_status: f.gatewayStatus,
  // Keep what an earlier answer said when a later one leaves it out.
  gateway_transaction_id: sql<string | null>`coalesce(${f.transactionId}, gateway_transaction_id)`,
  payment_type: sql<string | null>`coalesce(${f.paymentType}, payment_type)`,
  payment_method: sql<string | null>`coalesce(${f.paymentMethod}, payment_method)`,
});

/**
 * Orders. Tenant reads are scoped by account; the settling side (notifications, the reconcile
 * job) works from the order id the gateway names, and every status change is a compare-and-set.
 */
export const ordersRepo = {
  async insert(db: Db, o: NewOrder): Promise<void> {
    await db
      .insertInto('orders')
      .values({
        id: o.id,
        account_id: o.accountId,
        type: o.type,
        amount: o.amount,
        ppn_rate: o.ppnRate,
        tax_base: o.taxBase,
        ppn: o.ppn,
        gross_amount: o.grossAmount,
        product_id: o.productId,
        billing_period: o.billingPeriod,
        gateway: o.gateway,
        created_by: o.createdBy,
        created_at: o.createdAt,
        updated_at: o.createdAt,
        expires_at: o.expiresAt,
      })
      .execute();
  },

  findView(db: Db, accountId: string, id: string): Promise<OrderView | undefined> {
    return viewQuery(db)
      .where('o.account_id', '=', accountId)
      .where('o.id', '=', id)
      .executeTakeFirst();
  },

  /** By the order id alone, for events the settling side and the invoice job publish. */
  findViewById(db: Db, id: string): Promise<OrderView | undefined> {
    return viewQuery(db).where('o.id', '=', id).executeTakeFirst();
  },

  async page(
    db: Db,
    accountId: string,
    q: { page: number; perpage: number; type?: OrderType | undefined },
  ): Promise<{ rows: OrderView[]; total: number }> {
    let list = viewQuery(db).where('o.account_id', '=', accountId);
    let count = db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('account_id', '=', accountId);
    if (q.type) {
      list = list.where('o.type', '=', q.type);
      count = count.where('type', '=', q.type);
    }
    const [rows, total] = await Promise.all([
      list
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(q.perpage)
        .offset((q.page - 1) * q.perpage)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.total) };
  },

  /** The order, locked until the transaction ends: one gateway transaction per order. */
  lockForAccount(trx: Db, accountId: string, id: string): Promise<OrderRow | undefined> {
    return trx
      .selectFrom('orders')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  async saveSession(trx: Db, id: string, token: string, url: string, now: Date): Promise<void> {
    await trx
      .updateTable('orders')
      .set({ payment_token: token, payment_url: url, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** By the gateway's order id (a notification, the reconcile job). */
  findById(db: Db, id: string): Promise<OrderRow | undefined> {
    return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Compare-and-set: moves the order to `to` only from one of `from`. Of any number of concurrent
   * callers exactly one gets the row back; the rest get undefined and must do nothing.
   */
  transition(
    trx: Db,
    id: string,
    from: OrderStatusDb[],
    to: OrderStatusDb,
    f: GatewayFacts & { now: Date; paidAt?: Date },
  ): Promise<OrderRow | undefined> {
    return trx
      .updateTable('orders')
      .set({
        status: to,
        ...facts(f),
        ...(f.paidAt ? { paid_at: f.paidAt } : {}),
        updated_at: f.now,
      })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
  },

  /** A payment still waiting (pending, card under review): what the gateway says, no status change. */
  async noteWaiting(db: Db, id: string, f: GatewayFacts & { now: Date }): Promise<void> {
    await db
      .updateTable('orders')
      .set({ ...facts(f), updated_at: f.now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  },

  async setPeriod(trx: Db, id: string, start: Date, end: Date): Promise<void> {
    await trx
      .updateTable('orders')
      .set({ period_start: start, period_end: end })
      .where('id', '=', id)
      .execute();
  },

  async setShortfall(trx: Db, id: string, shortfall: number): Promise<void> {
    await trx
      .updateTable('orders')
      .set({ refund_shortfall: shortfall.toFixed(2) })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Orders the reconcile sweep should ask the gateway about: any with a notification whose
   * handling did not finish by `notifiedBefore` (the status API was down, the process died; a
   * younger one still has its own job coming), and pending ones past their expiry (a lost
   * notification, or nobody paid). A batch at a time, oldest first.
   */
  async toReconcile(db: Db, now: Date, notifiedBefore: Date, limit: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM (
        SELECT o.id, o.expires_at FROM orders o
        WHERE o.status = 'pending' AND o.expires_at <= ${now}
        UNION
        SELECT o.id, o.expires_at FROM payment_notifications n
        JOIN orders o ON o.id = n.order_id AND o.gateway = n.gateway
        WHERE n.handled_at IS NULL AND n.received_at <= ${notifiedBefore}
      ) due
      ORDER BY expires_at
      LIMIT ${limit}`.execute(db);
    return rows.map((r) => r.id);
  },
};
