import type { TestContext } from '../../../test/harness.js';

/**
 * What the invoice tests read back. Each test numbers in its own year, so tests sharing the
 * database never share a counter: `freshYear` hands out the next unused one.
 */
export function invoiceProbes(ctx: () => TestContext) {
  let nextYear = 2030;
  return {
    freshYear: () => nextYear++,
    invoiceOf: (orderId: string) =>
      ctx()
        .deps.db.selectFrom('invoices')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow(),
    /** The year's counter: the last number handed out, 0 before the first. */
    counter: async (year: number) =>
      (
        await ctx()
          .deps.db.selectFrom('invoice_counters')
          .select('last_number')
          .where('year', '=', year)
          .executeTakeFirst()
      )?.last_number ?? 0,
    /** The year's invoice sequence numbers, in order. */
    sequencesOf: async (year: number) =>
      (
        await ctx()
          .deps.db.selectFrom('invoices')
          .select('sequence')
          .where('year', '=', year)
          .orderBy('sequence')
          .execute()
      ).map((r) => r.sequence),
  };
}

/** A moment in the year (mid-June unless told), UTC. */
export const inYear = (year: number, monthDay = '06-15T03:00:00Z') =>
  new Date(`${year}-${monthDay}`);
