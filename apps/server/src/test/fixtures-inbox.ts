import { randomBytes } from 'node:crypto';
import type { Chat } from '@sapa/contracts';
import { LedgerService } from '../modules/billing/ledger.js';
import type { TestContext } from './harness.js';
import { createAccount, createDivision, createUser, createWhatsappChannel } from './fixtures.js';

/**
 * Sending needs a balance at or above `bo.minimumBalance` (50,000 by default), like the demo
 * account's 1,000,000; fixture accounts start at 0.
 */
export async function fundAccount(
  ctx: TestContext,
  accountId: string,
  amount = 1_000_000,
): Promise<void> {
  await new LedgerService(ctx.deps).credit(accountId, { amount, description: 'test funds' });
}

export interface ChatShape {
  channelId: string;
  /** The channel's kind (the chat's `channel`): WhatsApp unless told. */
  channel?: 'whatsapp' | 'messenger' | 'instagram';
  agentId?: string | null;
  divisionIds?: string[];
  flag?: Chat['flag'];
  unreadCount?: number;
  isArchive?: boolean;
  blocked?: boolean;
  labels?: string[];
  name?: string;
  /** The customer wrote just now, so the 24-hour window is open. */
  windowOpen?: boolean;
}

/** A chat of the account straight in the database, shaped for visibility and filter tests. */
export async function createChat(
  ctx: TestContext,
  accountId: string,
  shape: ChatShape,
): Promise<string> {
  const { db } = ctx.deps;
  const contact = await db
    .insertInto('contacts')
    .values({
      account_id: accountId,
      name: shape.name ?? 'Customer',
      phone: null,
      attributes: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('chats')
    .values({
      account_id: accountId,
      channel_id: shape.channelId,
      contact_id: contact.id,
      channel: shape.channel ?? 'whatsapp',
      identifier: `628${BigInt(`0x${randomBytes(5).toString('hex')}`)
        .toString()
        .slice(0, 10)}`,
      name: shape.name ?? 'Customer',
      agent_id: shape.agentId ?? null,
      division_ids: shape.divisionIds ?? [],
      flag: shape.flag ?? 'red',
      unread_count: shape.unreadCount ?? 0,
      is_archive: shape.isArchive ?? false,
      blocked: shape.blocked ?? false,
      labels: shape.labels ?? [],
      initiate_at: shape.windowOpen === false ? null : ctx.clock.now(),
      last_update: ctx.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An open ticket on a chat, as ingest opens one at the customer's first message. */
export async function openTicket(
  ctx: TestContext,
  accountId: string,
  chatId: string,
  agentId: string | null = null,
): Promise<string> {
  const row = await ctx.deps.db
    .insertInto('tickets')
    .values({ account_id: accountId, chat_id: chatId, agent_id: agentId, open_at: ctx.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A funded account with a WhatsApp channel and two divisions, for tests of who hears what: an
 * admin (Ana), agents A (Agus) and B in D1 who see only their divisions' chats, and an outsider in
 * D2 who sees unassigned chats of D2 and those without a division, nothing of D1.
 */
export async function twoDivisionAccount(ctx: TestContext) {
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  const channelId = (await createWhatsappChannel(ctx, accountId)).id;
  const d1 = await createDivision(ctx, accountId, 'D1');
  const d2 = await createDivision(ctx, accountId, 'D2');
  const inD1 = { role: 'agent' as const, divisionIds: [d1], allChat: false };
  return {
    accountId,
    channelId,
    d1,
    d2,
    admin: await createUser(ctx, accountId, { role: 'admin', name: 'Ana' }),
    agentA: await createUser(ctx, accountId, { ...inD1, name: 'Agus' }),
    agentB: await createUser(ctx, accountId, inD1),
    outsider: await createUser(ctx, accountId, {
      role: 'agent',
      divisionIds: [d2],
      allChat: false,
    }),
  };
}
