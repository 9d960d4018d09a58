import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCE_UPDATED_EVENT,
  CLIENT_EVENTS,
  DASHBOARD_UPDATED_EVENT,
  DASHBOARD_WATCH_EVENT,
  type BroadcastCounts,
} from '@sapa/contracts';
import { createTestContext, type TestContext } from '../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../test/fixtures.js';
import { fundAccount } from '../test/fixtures-inbox.js';
import { customerOf } from '../test/customer.js';
import {
  emitAck as emit,
  heard,
  listenLocally,
  quietPeriod,
  socketClients,
} from '../test/sockets.js';
import { API_ONLY_SOCKET_EVENTS } from './api-only.js';

/**
 * Issue 19 §4 on the socket: the people of an API-only account get from it what the HTTP side
 * gives them (the `apiOnlyAllowed` pages) and nothing else: no inbox, chat or broadcast events,
 * and every client event those pages do not use is refused like the HTTP route (403 code).
 */

let ctx: TestContext;
let url: string;
let accountId: string;
let admin: TestUser;
let customer: ReturnType<typeof customerOf>;
const clients = socketClients();

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
  accountId = await createAccount(ctx, { type: 'api_only' });
  admin = await createUser(ctx, accountId, { role: 'admin' });
  await fundAccount(ctx, accountId);
  customer = customerOf(ctx, (await createWhatsappChannel(ctx, accountId)).phoneNumberId);
});
afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const open = (token: string) => clients.open(url, token);
const customerWrites = (from: string, body: string) => customer.writes(from, body);

describe("an API-only account's people on the socket", () => {
  it('hear presence, balance and the dashboard, and nothing of chats, messages or broadcasts', async () => {
    const socket = await open(admin.token);
    const names = heard(socket);
    expect((await emit(socket, DASHBOARD_WATCH_EVENT, {})).ok).toBe(true);

    // A customer writes: the conversation exists for the API and reports, not for this socket.
    await customerWrites('6281200000001', 'halo');
    // A broadcast sent with a key reports progress to the managers' room this admin is in.
    ctx.deps.events.publish({
      type: 'broadcast.progress',
      accountId,
      creatorId: admin.id,
      event: {
        broadcastId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        status: 'running',
        counts: { total: 1, byStatus: {} as BroadcastCounts['byStatus'], replied: 0 },
        reason: null,
      },
    });
    ctx.deps.events.publish({ type: 'balance.updated', accountId, saldo: 1000 });
    ctx.deps.events.publish({ type: 'dashboard.updated', accountId, agentIds: [], at: new Date() });
    await expect.poll(() => names.includes(DASHBOARD_UPDATED_EVENT)).toBe(true);
    await quietPeriod();

    expect(names).toContain(BALANCE_UPDATED_EVENT);
    const refused = names.filter((n) => !API_ONLY_SOCKET_EVENTS.has(n));
    expect(refused).toEqual([]);
  });

  it('may emit only what the dashboard uses; every other client event is refused with 403', async () => {
    const chatId = await customerWrites('6281200000002', 'halo lagi');
    const socket = await open(admin.token);
    const events = ctx.realtime.clientEvents();
    // Every event the spec names is registered, so this walk covers them.
    for (const name of Object.values(CLIENT_EVENTS))
      expect(events.map((e) => e.event)).toContain(name);

    const allowed = events.filter((e) => e.options.apiOnlyAllowed).map((e) => e.event);
    expect(allowed.sort()).toEqual(['dashboard.unwatch', 'dashboard.watch']);
    for (const { event, options } of events) {
      if (options.apiOnlyAllowed) continue;
      const ack = await emit(socket, event, { chatId, text: 'from the app', templateId: chatId });
      expect(ack, event).toMatchObject({ ok: false, code: 'API_ONLY_ACCOUNT' });
    }

    const sent = await ctx.deps.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('chat_id', '=', chatId)
      .where('from_me', '=', true)
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(0);
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select(['is_archive', 'blocked'])
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat).toMatchObject({ is_archive: false, blocked: false });
  });
});
