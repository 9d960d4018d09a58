import { randomBytes } from 'node:crypto';
import { ppnOf, type OrderType } from '@sapa/contracts';
import type { OrderStatusDb } from '../db/schema-money.js';
import type { TestContext } from './harness.js';

export interface PaidOrderInput {
  type?: OrderType;
  amount?: number;
  ppnRate?: number;
  status?: OrderStatusDb;
  paidAt?: Date | null;
  paymentMethod?: string | null;
  /** Plan orders: the product's code (seeded plans: starter, growth, …). */
  productCode?: string;
  billingPeriod?: 'monthly' | 'yearly';
  periodStart?: Date;
  periodEnd?: Date;
}

/**
 * An order as the payments module leaves it once paid (status, paid_at, method, the PPN figures
 * of contracts' `ppnOf`). Until that module lands, invoices are tested from here: issuing an
 * invoice for a paid order is the job's whole contract.
 */
export async function insertOrder(
  ctx: TestContext,
  accountId: string,
  input: PaidOrderInput = {},
): Promise<string> {
  const { db } = ctx.deps;
  const type = input.type ?? 'topup';
  const tax = ppnOf(input.amount ?? 100_000, input.ppnRate ?? 11);
  const product =
    type === 'topup'
      ? null
      : await db
          .selectFrom('products')
          .select('id')
          .where('code', '=', input.productCode ?? 'starter')
          .executeTakeFirstOrThrow();
  const status = input.status ?? 'paid';
  const paidAt =
    input.paidAt !== undefined ? input.paidAt : status === 'paid' ? ctx.clock.now() : null;
  const id = `SAPA-${type.toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`;
  await db
    .insertInto('orders')
    .values({
      id,
      account_id: accountId,
      type,
      status,
      amount: tax.amount,
      ppn_rate: tax.ppnRate,
      tax_base: tax.taxBase,
      ppn: tax.ppn,
      gross_amount: tax.gross,
      product_id: product?.id ?? null,
      billing_period: type === 'topup' ? null : (input.billingPeriod ?? 'monthly'),
      gateway: 'midtrans',
      payment_type: 'bank_transfer',
      payment_method:
        input.paymentMethod !== undefined ? input.paymentMethod : 'BCA Virtual Account',
      paid_at: paidAt,
      period_start: input.periodStart ?? null,
      period_end: input.periodEnd ?? null,
      expires_at: new Date(ctx.clock.now().getTime() + 86_400_000),
    })
    .execute();
  return id;
}
