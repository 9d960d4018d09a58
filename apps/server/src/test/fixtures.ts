import { randomBytes } from 'node:crypto';
import type { Role } from '@sapa/contracts';
import { sealChannelConfig } from '../channels/sealed-config.js';
import { hashPassword } from '../lib/passwords.js';
import type { TestContext } from './harness.js';

export const PASSWORD = 'Secret123';
let cachedHash: string | undefined;

export interface TestUser {
  id: string;
  accountId: string;
  email: string;
  role: Role;
  token: string;
  /** Authorization header for app.inject. */
  auth: { authorization: string };
}

const unique = () => randomBytes(4).toString('hex');

/** An active account with a due date in the future (so the shell's guards pass). */
export async function createAccount(
  ctx: TestContext,
  opts: { name?: string; type?: 'regular' | 'api_only'; subscribed?: boolean } = {},
): Promise<string> {
  const { db } = ctx.deps;
  const account = await db
    .insertInto('accounts')
    .values({ name: opts.name ?? `Company ${unique()}`, type: opts.type ?? 'regular' })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.subscribed !== false) {
    const product = await db
      .selectFrom('products')
      .select(['id', 'price'])
      .where('code', '=', 'starter')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('subscriptions')
      .values({
        account_id: account.id,
        product_id: product.id,
        status: 'active',
        billing_period: 'monthly',
        billing_amount: product.price,
        // The clock the services read: some worlds swap in real time (broadcast engine tests).
        due_date: new Date(ctx.deps.clock.now().getTime() + 30 * 86_400_000),
      })
      .execute();
  }
  return account.id;
}

/** An active user with PASSWORD, signed in through the real login endpoint. */
export async function createUser(
  ctx: TestContext,
  accountId: string,
  opts: {
    role?: Role;
    email?: string;
    name?: string;
    divisionIds?: string[];
    divisionOnlyView?: boolean;
    allChat?: boolean;
  } = {},
): Promise<TestUser> {
  const { db } = ctx.deps;
  cachedHash ??= await hashPassword(PASSWORD);
  const email = opts.email ?? `user-${unique()}@example.com`;
  const role = opts.role ?? 'admin';
  const user = await db
    .insertInto('users')
    .values({
      account_id: accountId,
      name: opts.name ?? `User ${unique()}`,
      email,
      phone: '81234567890',
      password_hash: cachedHash,
      role,
      status: 'active',
      email_verified_at: new Date(),
      division_only_view: opts.divisionOnlyView ?? false,
      all_chat: opts.allChat ?? role !== 'agent',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const divisionId of opts.divisionIds ?? []) {
    await db
      .insertInto('user_divisions')
      .values({ account_id: accountId, user_id: user.id, division_id: divisionId })
      .execute();
  }
  const token = await login(ctx, email, PASSWORD);
  return { id: user.id, accountId, email, role, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * One user of each role in the account, and an admin of another account (whom every answer
 * about this account must refuse): where a test of who may do what starts.
 */
export async function createRoles(ctx: TestContext, accountId: string) {
  const admin = await createUser(ctx, accountId, { role: 'admin' });
  const supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
  const agent = await createUser(ctx, accountId, { role: 'agent' });
  const stranger = await createUser(ctx, await createAccount(ctx), { role: 'admin' });
  return { admin, supervisor, agent, stranger };
}

export async function login(ctx: TestContext, email: string, password: string): Promise<string> {
  // Each fixture login comes from its own address so the per-IP login limit never trips tests.
  const remoteAddress = `127.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { accessToken: string }).accessToken;
}

export async function createDivision(
  ctx: TestContext,
  accountId: string,
  name = `Division ${unique()}`,
): Promise<string> {
  const row = await ctx.deps.db
    .insertInto('divisions')
    .values({ account_id: accountId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Last mail sent to an address, and the first link in it that contains `path`. */
export async function lastMailLink(ctx: TestContext, to: string, path: string): Promise<string> {
  const mail = await ctx.deps.db
    .selectFrom('mail_outbox')
    .select(['text'])
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link in mail to ${to}`);
  return link;
}

export function tokenFromLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** A WhatsApp Cloud channel owned by the account, with its access token sealed as in production. */
export async function createWhatsappChannel(
  ctx: TestContext,
  accountId: string,
  opts: { phoneNumberId?: string; token?: string; enabled?: boolean } = {},
): Promise<{ id: string; phoneNumberId: string }> {
  const phoneNumberId =
    opts.phoneNumberId ?? String(100000000000000 + Math.floor(Math.random() * 1e12));
  const row = await ctx.deps.db
    .insertInto('channels')
    .values({
      account_id: accountId,
      name: 'WhatsApp',
      channel: 'whatsapp',
      provider: 'whatsapp_cloud',
      external_id: phoneNumberId,
      display_phone_number: '6281100000001',
      waba_id: '200000000000001',
      config_sealed: sealChannelConfig(ctx.deps.secrets, ctx.deps.channels.port('whatsapp_cloud'), {
        phoneNumberId,
        wabaId: '200000000000001',
        displayPhoneNumber: '6281100000001',
        accessToken: opts.token ?? 'channel-token',
      }),
      is_enabled: opts.enabled ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, phoneNumberId };
}

/**
 * A Messenger page or Instagram account owned by the account (the sandbox's demo ids unless
 * told), its config sealed as connecting would.
 */
export async function createPageChannel(
  ctx: TestContext,
  accountId: string,
  channel: 'messenger' | 'instagram',
  opts: {
    pageId?: string;
    instagramAccountId?: string;
    token?: string;
    humanAgentReplies?: boolean;
  } = {},
): Promise<{ id: string; externalId: string; pageId: string }> {
  const pageId = opts.pageId ?? (channel === 'messenger' ? '300000000000001' : '300000000000002');
  const instagramAccountId = opts.instagramAccountId ?? '17841400000000001';
  const token =
    opts.token ??
    (channel === 'messenger'
      ? 'sandbox-page-token-demo-messenger'
      : 'sandbox-page-token-demo-instagram');
  const config =
    channel === 'messenger'
      ? { pageId, pageAccessToken: token }
      : { instagramAccountId, pageId, pageAccessToken: token };
  const externalId = channel === 'messenger' ? pageId : instagramAccountId;
  const row = await ctx.deps.db
    .insertInto('channels')
    .values({
      account_id: accountId,
      name: channel === 'messenger' ? 'Messenger' : 'Instagram',
      channel,
      provider: channel,
      external_id: externalId,
      page_id: pageId,
      human_agent_replies: opts.humanAgentReplies ?? true,
      config_sealed: sealChannelConfig(ctx.deps.secrets, ctx.deps.channels.port(channel), config),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, externalId, pageId };
}
