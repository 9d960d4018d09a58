import { afterAll, beforeAll, expect } from 'vitest';
import type { Broadcast, BroadcastList, RecipientCheckResult } from '@sapa/contracts';
import type { TemplateHeaderTypeDb, TemplateStatusDb } from '../../db/schema-templates.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { LedgerService } from '../billing/ledger.js';

export const call = (
  ctx: TestContext,
  user: TestUser,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });

let seq = 0;

/** A template row as the templates module would leave it once Meta answered. */
export async function createTemplate(
  ctx: TestContext,
  accountId: string,
  channelId: string,
  opts: {
    content?: string;
    status?: TemplateStatusDb;
    headerType?: TemplateHeaderTypeDb;
    headerText?: string | null;
  } = {},
): Promise<string> {
  const row = await ctx.deps.db
    .insertInto('templates')
    .values({
      account_id: accountId,
      channel_id: channelId,
      name: `promo_${++seq}_${Math.random().toString(36).slice(2, 7)}`,
      category: 'MARKETING',
      language: 'id',
      header_type: opts.headerType ?? 'none',
      header_text: opts.headerText ?? null,
      content: opts.content ?? 'Halo {{1}}, tagihan {{2}} sudah terbit.',
      examples: JSON.stringify({ body: ['Budi', 'INV-001'] }),
      buttons: '[]',
      status: opts.status ?? 'accepted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function credit(ctx: TestContext, accountId: string, amount: number): Promise<void> {
  await new LedgerService(ctx.deps).credit(accountId, { amount, description: 'test top-up' });
}

export async function checkText(
  ctx: TestContext,
  user: TestUser,
  templateId: string,
  text: string,
  extra: Record<string, unknown> = {},
): Promise<RecipientCheckResult> {
  const res = await call(ctx, user, 'POST', '/api/broadcasts/recipients/check', {
    templateId,
    source: { type: 'text', text },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RecipientCheckResult;
}

export async function createBroadcast(
  ctx: TestContext,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<Broadcast> {
  const res = await call(ctx, user, 'POST', '/api/broadcasts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Broadcast;
}

/** `count` valid pasted rows for a two-parameter template. */
export function rows(count: number, offset = 0): string {
  const lines = ['phone,param1,param2'];
  for (let i = 0; i < count; i++)
    lines.push(`0812${String(20_000_000 + offset + i)},Customer ${i},INV-${i}`);
  return lines.join('\n');
}

/**
 * An account that may broadcast: an admin, two agents, a WhatsApp channel with an approved
 * two-parameter template, and `balance` (1,000,000 unless said; default prices: 550 a message,
 * plain, as PPN was paid on the top-up; the minimum balance is 50,000).
 */
export async function broadcastAccount(ctx: TestContext, { balance = 1_000_000 } = {}) {
  const accountId = await createAccount(ctx);
  const admin = await createUser(ctx, accountId, { role: 'admin' });
  const agent = await createUser(ctx, accountId, { role: 'agent' });
  const otherAgent = await createUser(ctx, accountId, { role: 'agent' });
  const channelId = (await createWhatsappChannel(ctx, accountId)).id;
  const templateId = await createTemplate(ctx, accountId, channelId);
  await credit(ctx, accountId, balance);
  return { accountId, admin, agent, otherAgent, channelId, templateId };
}

/** One tab of the broadcast list as the user sees it. */
export async function listBroadcasts(
  ctx: TestContext,
  user: TestUser,
  tab: 'scheduled' | 'finished',
): Promise<BroadcastList['data']> {
  const res = await call(ctx, user, 'GET', `/api/broadcasts?tab=${tab}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BroadcastList).data;
}

export type BroadcastAccount = Awaited<ReturnType<typeof broadcastAccount>>;

export interface BroadcastWorld extends BroadcastAccount {
  ctx: TestContext;
  /** A broadcast's title, channel and template, to spread into a create body. */
  base(): { title: string; channelId: string; templateId: string };
  list(user: TestUser, tab: 'scheduled' | 'finished'): Promise<BroadcastList['data']>;
}

/**
 * A test context and one `broadcastAccount` for a whole test file: opened in `beforeAll`, closed
 * in `afterAll`. The object is filled in by `beforeAll`, so tests read it as they would a `let`.
 */
export function useBroadcastAccount(): BroadcastWorld {
  const w = {
    base: () => ({ title: 'November promo', channelId: w.channelId, templateId: w.templateId }),
    list: (user: TestUser, tab: 'scheduled' | 'finished') => listBroadcasts(w.ctx, user, tab),
  } as BroadcastWorld;
  beforeAll(async () => {
    w.ctx = await createTestContext();
    Object.assign(w, await broadcastAccount(w.ctx));
  });
  afterAll(() => w.ctx.close());
  return w;
}
