import type { TestContext } from './harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  login,
  PASSWORD,
  type TestUser,
} from './fixtures.js';

/**
 * The account the report tests read, on a fixed day (the clock at 2026-05-04 10:00 UTC): division
 * Sales, admin, agents Agus (no division) and Bela (Sales), supervisor Sinta over Agus (signed in
 * again after that, so her token carries it), and a VIP label.
 */
export interface ReportTeam {
  accountId: string;
  sales: string;
  vip: string;
  admin: TestUser;
  agus: TestUser;
  bela: TestUser;
  sinta: TestUser;
}

export async function createReportTeam(
  ctx: TestContext,
  options: { adminName?: string } = {},
): Promise<ReportTeam> {
  ctx.clock.set('2026-05-04T10:00:00Z');
  const accountId = await createAccount(ctx);
  const sales = await createDivision(ctx, accountId, 'Sales');
  const admin = await createUser(ctx, accountId, {
    role: 'admin',
    ...(options.adminName ? { name: options.adminName } : {}),
  });
  const agus = await createUser(ctx, accountId, { role: 'agent', name: 'Agus' });
  const bela = await createUser(ctx, accountId, {
    role: 'agent',
    name: 'Bela',
    divisionIds: [sales],
  });
  const supervisor = await createUser(ctx, accountId, { role: 'supervisor', name: 'Sinta' });
  await ctx.deps.db
    .insertInto('supervisor_agents')
    .values({ account_id: accountId, supervisor_id: supervisor.id, agent_id: agus.id })
    .execute();
  const token = await login(ctx, supervisor.email, PASSWORD);
  const sinta = { ...supervisor, token, auth: { authorization: `Bearer ${token}` } };
  const { id: vip } = await ctx.deps.db
    .insertInto('labels')
    .values({ account_id: accountId, name: 'VIP', color: '#f00' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { accountId, sales, vip, admin, agus, bela, sinta };
}
