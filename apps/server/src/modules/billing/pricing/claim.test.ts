import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { chargeSends, unitPriceCents } from '../../broadcasts/engine/charge.js';
import { balanceOf, pricedAccount } from './test-helpers.js';

/** A broadcast's claims: the plain business-initiated price, and the rule of every send. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const claim = (accountId: string, n: number, cents: number) =>
  ctx.deps.db
    .transaction()
    .execute((trx) =>
      chargeSends(
        ctx.deps,
        trx,
        accountId,
        'b-1',
        `broadcast:b-1:claim:${Math.random()}`,
        cents,
        n,
      ),
    );

describe('broadcast claims', () => {
  it('charge n × bo.businessInitiatePrice, no PPN on top', async () => {
    const a = await pricedAccount(ctx, { settings: { 'bo.businessInitiatePrice': '612.25' } });
    const cents = await unitPriceCents(ctx.deps, a.accountId);
    expect(cents).toBe(61_225);
    await claim(a.accountId, 10, cents);
    expect(await balanceOf(ctx, a.accountId)).toBe(1_000_000 - 6_122.5);
  });

  it('are refused once the plan expired or the account is suspended, charging nothing', async () => {
    const expired = await pricedAccount(ctx);
    await ctx.deps.db
      .updateTable('subscriptions')
      .set({ due_date: new Date(ctx.clock.now().getTime() - 1000) })
      .where('account_id', '=', expired.accountId)
      .execute();
    await expect(claim(expired.accountId, 5, 55_000)).rejects.toMatchObject({
      message: MESSAGES.subscriptionExpiredSend,
    });
    const suspended = await pricedAccount(ctx);
    await ctx.deps.db
      .updateTable('accounts')
      .set({ suspended_at: ctx.clock.now() })
      .where('id', '=', suspended.accountId)
      .execute();
    await expect(claim(suspended.accountId, 5, 55_000)).rejects.toMatchObject({
      message: MESSAGES.accountSuspendedSend,
    });
    expect(await balanceOf(ctx, expired.accountId)).toBe(1_000_000);
    expect(await balanceOf(ctx, suspended.accountId)).toBe(1_000_000);
  });
});
