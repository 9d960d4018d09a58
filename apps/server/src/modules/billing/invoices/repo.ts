import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { InvoiceLineDb, InvoicePartyDb } from '../../../db/schema-money.js';

/** The invoice columns every read returns, with the order's type and status beside them. */
const INVOICE_COLUMNS = [
  'i.id',
  'i.account_id',
  'i.order_id',
  'i.year',
  'i.sequence',
  'i.number',
  'i.issued_at',
  'i.seller',
  'i.buyer',
  'i.lines',
  'i.subtotal',
  'i.tax_base',
  'i.ppn_rate',
  'i.ppn',
  'i.total',
  'i.payment_method',
  'i.paid_at',
  'i.tax_invoice_number',
  'o.type as order_type',
  'o.status as order_status',
] as const;

function invoicesOf(db: Db) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(INVOICE_COLUMNS);
}

export type InvoiceRow = Awaited<
  ReturnType<ReturnType<typeof invoicesOf>['executeTakeFirstOrThrow']>
>;

export interface NewInvoice {
  accountId: string;
  orderId: string;
  year: number;
  sequence: number;
  number: string;
  issuedAt: Date;
  seller: InvoicePartyDb;
  buyer: InvoicePartyDb;
  lines: InvoiceLineDb[];
  subtotal: string;
  taxBase: string;
  ppnRate: string;
  ppn: string;
  total: string;
  paymentMethod: string | null;
  paidAt: Date;
}

/** Invoices and their gap-free numbering. Reads are scoped by the caller's account. */
export const invoicesRepo = {
  /**
   * The order an invoice is issued for, locked until the transaction ends: two jobs for one order
   * (a retry overlapping a slow first run) take turns, and the second finds the invoice.
   */
  lockOrder(trx: Db, orderId: string) {
    return trx
      .selectFrom('orders as o')
      .leftJoin('products as p', 'p.id', 'o.product_id')
      .select([
        'o.id',
        'o.account_id',
        'o.type',
        'o.status',
        'o.amount',
        'o.ppn_rate',
        'o.tax_base',
        'o.ppn',
        'o.gross_amount',
        'o.billing_period',
        'o.payment_method',
        'o.paid_at',
        'o.period_start',
        'o.period_end',
        'p.name as product_name',
      ])
      .where('o.id', '=', orderId)
      .forUpdate('o')
      .executeTakeFirst();
  },

  async invoiceIdOfOrder(db: Db, orderId: string): Promise<string | null> {
    const row = await db
      .selectFrom('invoices')
      .select('id')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    return row?.id ?? null;
  },

  /**
   * The next number of the year. The counter row stays locked until the invoice's transaction
   * ends, so concurrent issues queue here and a rollback hands the number back: no gaps, no
   * duplicates.
   */
  async nextSequence(trx: Db, year: number): Promise<number> {
    const row = await trx
      .insertInto('invoice_counters')
      .values({ year, last_number: 1 })
      .onConflict((oc) =>
        oc.column('year').doUpdateSet({ last_number: sql`invoice_counters.last_number + 1` }),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return row.last_number;
  },

  async insert(trx: Db, input: NewInvoice): Promise<string> {
    const row = await trx
      .insertInto('invoices')
      .values({
        account_id: input.accountId,
        order_id: input.orderId,
        year: input.year,
        sequence: input.sequence,
        number: input.number,
        issued_at: input.issuedAt,
        seller: JSON.stringify(input.seller),
        buyer: JSON.stringify(input.buyer),
        lines: JSON.stringify(input.lines),
        subtotal: input.subtotal,
        tax_base: input.taxBase,
        ppn_rate: input.ppnRate,
        ppn: input.ppn,
        total: input.total,
        payment_method: input.paymentMethod,
        paid_at: input.paidAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  find(db: Db, accountId: string, id: string): Promise<InvoiceRow | undefined> {
    return invoicesOf(db)
      .where('i.account_id', '=', accountId)
      .where('i.id', '=', id)
      .executeTakeFirst();
  },

  async list(
    db: Db,
    accountId: string,
    q: { page: number; perpage: number; year?: number | undefined },
  ): Promise<{ rows: InvoiceRow[]; total: number }> {
    let query = invoicesOf(db).where('i.account_id', '=', accountId);
    let count = db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId);
    if (q.year !== undefined) {
      query = query.where('i.year', '=', q.year);
      count = count.where('year', '=', q.year);
    }
    const [rows, total] = await Promise.all([
      query
        .orderBy('i.issued_at', 'desc')
        .orderBy('i.sequence', 'desc')
        .limit(q.perpage)
        .offset((q.page - 1) * q.perpage)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  newest(db: Db, accountId: string): Promise<InvoiceRow | undefined> {
    return invoicesOf(db)
      .where('i.account_id', '=', accountId)
      .orderBy('i.issued_at', 'desc')
      .orderBy('i.sequence', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async languageOf(db: Db, accountId: string, userId: string): Promise<'en' | 'id'> {
    const row = await db
      .selectFrom('users')
      .select('language')
      .where('account_id', '=', accountId)
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.language ?? 'en';
  },

  /**
   * Paid orders of the last days still without an invoice: a job that gave up (its retries ran
   * out while the database was away). `settleSeconds` leaves the normal job its time first.
   */
  async unissuedPaidOrders(
    db: Db,
    now: Date,
    opts: { settleSeconds: number; lookbackDays: number; limit: number },
  ): Promise<string[]> {
    const rows = await db
      .selectFrom('orders as o')
      .select('o.id')
      .where('o.paid_at', 'is not', null)
      .where('o.paid_at', '<', new Date(now.getTime() - opts.settleSeconds * 1000))
      .where('o.paid_at', '>', new Date(now.getTime() - opts.lookbackDays * 86_400_000))
      .where('o.status', 'in', ['paid', 'refunded'])
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('invoices as i').select('i.id').whereRef('i.order_id', '=', 'o.id'))),
      )
      .orderBy('o.paid_at')
      .limit(opts.limit)
      .execute();
    return rows.map((r) => r.id);
  },
};
