import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/fixtures.js';
import { DEMO_OPENING_BALANCE, DEMO_USERS, seedDemo } from './demo.js';

const DAY_MS = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ demoPassword: 'DemoPass123' });
});
afterAll(() => ctx.close());

const LOGINS = [
  { role: 'admin', email: 'admin@demo.sapa.id' },
  { role: 'supervisor', email: 'supervisor@demo.sapa.id' },
  { role: 'agent', email: 'agent@demo.sapa.id' },
  { role: 'agent', email: 'agent2@demo.sapa.id' },
];

async function counts() {
  const { db } = ctx.deps;
  const n = async (
    table: 'accounts' | 'users' | 'divisions' | 'balance_ledger' | 'subscriptions',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    accounts: await n('accounts'),
    users: await n('users'),
    divisions: await n('divisions'),
    ledger: await n('balance_ledger'),
    subscriptions: await n('subscriptions'),
  };
}

describe('seedDemo', () => {
  it('creates the demo tenant once and returns the logins every time', async () => {
    expect(await seedDemo(ctx.deps)).toEqual({ logins: LOGINS });
    const after = await counts();
    expect(after).toEqual({ accounts: 1, users: 4, divisions: 2, ledger: 1, subscriptions: 1 });
    expect(await seedDemo(ctx.deps)).toEqual({ logins: LOGINS });
    expect(await counts()).toEqual(after);
  });

  it('does not duplicate anything when two processes seed at once', async () => {
    const before = await counts();
    await Promise.all([seedDemo(ctx.deps), seedDemo(ctx.deps)]);
    expect(await counts()).toEqual(before);
  });

  it('lets each demo user sign in with the demo password and see the demo shell', async () => {
    for (const u of DEMO_USERS) {
      const token = await login(ctx, u.email, 'DemoPass123');
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/me/all',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({
        email: u.email,
        role: u.role,
        name: u.name,
        allChat: u.allChat,
        company: 'Demo Company',
      });
      expect(body.account).toMatchObject({ name: 'Demo Company', type: 'regular' });
      expect(body.subscription).toMatchObject({
        status: 'active',
        plan: { code: 'growth', name: 'Growth' },
        dueDate: new Date(ctx.clock.now().getTime() + 30 * DAY_MS).toISOString(),
      });
      // The opening balance is a credit, not a top-up: no "last top-up order" to show.
      expect(body.balance).toEqual({ saldo: DEMO_OPENING_BALANCE, orderId: null });
    }
  });

  it('puts both agents in Support, the supervisor in both divisions, supervising the agents', async () => {
    const me = async (email: string) => {
      const token = await login(ctx, email, 'DemoPass123');
      return (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/users/me/all',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().user;
    };
    const supervisor = await me('supervisor@demo.sapa.id');
    expect(supervisor.divisions.map((d: { name: string }) => d.name)).toEqual(['Sales', 'Support']);
    const agent = await me('agent@demo.sapa.id');
    const agent2 = await me('agent2@demo.sapa.id');
    expect(agent2).toMatchObject({ name: 'Dewi Lestari', role: 'agent', allChat: false });
    for (const a of [agent, agent2])
      expect(a.divisions.map((d: { name: string }) => d.name)).toEqual(['Support']);
    expect([...supervisor.agentIds].sort()).toEqual([agent._id, agent2._id].sort());
  });
});
