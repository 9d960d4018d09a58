import { sql } from 'kysely';
import type { Role } from '@sapa/contracts';
import type { Db } from '../db/database.js';
import type { Deps } from '../deps.js';
import { hashPassword } from '../lib/passwords.js';
import { plansRepo } from '../modules/billing/plans/repo.js';
import { LedgerService } from '../modules/billing/ledger.js';

export interface SeedResult {
  logins: { role: Role; email: string }[];
}

export const DEMO_ACCOUNT = 'Demo Company';
export const DEMO_USERS = [
  {
    role: 'admin',
    email: 'admin@demo.sapa.id',
    name: 'Ayu Admin',
    phone: '6281200000001',
    allChat: true,
  },
  {
    role: 'supervisor',
    email: 'supervisor@demo.sapa.id',
    name: 'Sari Supervisor',
    phone: '6281200000002',
    allChat: true,
  },
  {
    role: 'agent',
    email: 'agent@demo.sapa.id',
    name: 'Budi Agent',
    phone: '6281200000003',
    allChat: false,
  },
  // A second agent, so two agents and a supervisor can work the demo inbox at once.
  {
    role: 'agent',
    email: 'agent2@demo.sapa.id',
    name: 'Dewi Lestari',
    phone: '6281200000004',
    allChat: false,
  },
] as const satisfies readonly {
  role: Role;
  email: string;
  name: string;
  phone: string;
  allChat: boolean;
}[];
export const DEMO_PLAN = 'growth';
export const DEMO_OPENING_BALANCE = 1_000_000;
export const DEMO_OPENING_ORDER = 'DEMO-OPENING';

const DAY_MS = 86_400_000;
// Any constant works; it only has to be the same for every process that might seed at once.
const SEED_LOCK = 727_275;

const logins = (): SeedResult => ({
  logins: DEMO_USERS.map(({ role, email }) => ({ role, email })),
});

/**
 * The demo tenant a newcomer signs in to on first start: four users, two divisions, an active
 * plan and a starting balance. All in one transaction, and skipped when it already exists, so
 * restarts (or several processes starting together) never duplicate it.
 */
export async function seedDemo(deps: Deps): Promise<SeedResult | null> {
  // Hash outside the transaction: ~20 ms of CPU that need not hold a lock.
  const passwordHash = await hashPassword(deps.config.demoPassword);
  const ledger = new LedgerService(deps);
  const created = await deps.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_USERS[0].email)
      .executeTakeFirst();
    if (existing) return false;
    await createDemoTenant(trx, deps, ledger, passwordHash);
    return true;
  });
  if (created) deps.log.info({ account: DEMO_ACCOUNT }, 'demo data seeded');
  return logins();
}

async function createDemoTenant(
  trx: Db,
  deps: Deps,
  ledger: LedgerService,
  passwordHash: string,
): Promise<void> {
  const now = deps.clock.now();
  const account = await trx
    .insertInto('accounts')
    .values({ name: DEMO_ACCOUNT, type: 'regular' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accountId = account.id;

  const ids: Record<string, string> = {};
  for (const u of DEMO_USERS) {
    const row = await trx
      .insertInto('users')
      .values({
        account_id: accountId,
        name: u.name,
        email: u.email,
        phone: u.phone,
        password_hash: passwordHash,
        role: u.role,
        status: 'active',
        email_verified_at: now,
        all_chat: u.allChat,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[u.email] = row.id;
  }

  const divisions = await trx
    .insertInto('divisions')
    .values([
      { account_id: accountId, name: 'Sales', description: 'Leads and orders' },
      { account_id: accountId, name: 'Support', description: 'Questions and complaints' },
    ])
    .returning(['id', 'name'])
    .execute();
  const divisionId = (name: string) => {
    const found = divisions.find((d) => d.name === name);
    if (!found) throw new Error(`demo division ${name} missing`);
    return found.id;
  };
  const idOf = (email: string) => {
    const id = ids[email];
    if (!id) throw new Error(`demo user ${email} missing`);
    return id;
  };
  const supervisor = idOf('supervisor@demo.sapa.id');
  const agents = [idOf('agent@demo.sapa.id'), idOf('agent2@demo.sapa.id')];
  await trx
    .insertInto('user_divisions')
    .values([
      ...agents.map((id) => ({
        account_id: accountId,
        user_id: id,
        division_id: divisionId('Support'),
      })),
      { account_id: accountId, user_id: supervisor, division_id: divisionId('Sales') },
      { account_id: accountId, user_id: supervisor, division_id: divisionId('Support') },
    ])
    .execute();
  await trx
    .insertInto('supervisor_agents')
    .values(
      agents.map((id) => ({ account_id: accountId, supervisor_id: supervisor, agent_id: id })),
    )
    .execute();

  const plan = await plansRepo.findActiveProduct(trx, DEMO_PLAN);
  if (!plan) throw new Error(`demo plan ${DEMO_PLAN} is missing from products`);
  await plansRepo.upsertActive(trx, {
    accountId,
    productId: plan.id,
    billingPeriod: plan.billing_period,
    billingAmount: plan.price,
    startedAt: now,
    dueDate: new Date(now.getTime() + 30 * DAY_MS),
  });

  await ledger.credit(
    accountId,
    {
      amount: DEMO_OPENING_BALANCE,
      kind: 'adjustment',
      orderId: DEMO_OPENING_ORDER,
      description: 'Demo opening balance',
    },
    trx,
  );

  // A back-office switch (spec §3 reads it as the string 'true'): the demo plan includes greeting
  // assignment, so a manager can try it from Setting → Routing by writing a greeting. Without a
  // greeting nothing changes.
  await trx
    .insertInto('settings')
    .values({ account_id: accountId, key: 'bo.enableGreetingAssignment', value: 'true' })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value: 'true' }))
    .execute();
  // The demo plan includes customer satisfaction (issue 18): resolving a ticket sends the survey.
  await trx
    .insertInto('settings')
    .values({ account_id: accountId, key: 'bo.isCsat', value: 'true' })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
