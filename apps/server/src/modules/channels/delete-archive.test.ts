import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENTS, type ChatChangedEvent } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { createChat } from '../../test/fixtures-inbox.js';
import { listenLocally, socketClients } from '../../test/sockets.js';

/**
 * Deleting a channel archives its chats in one transaction; after the commit each newly
 * archived chat is announced as an agent's archive is (`chat.archived` to the rooms that may see
 * it), so open tabs drop it from their lists without a reload.
 */
let ctx: TestContext;
let url: string;
let accountId: string;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;
const clients = socketClients();

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listenLocally(ctx.app);
  accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  otherAgent = await createUser(ctx, accountId, { role: 'agent' });
});
afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const open = (user: TestUser) => clients.open(url, user.token);

/** `chat.archived` payloads a socket hears until `count` have come. */
function hear(socket: Socket, count: number): Promise<ChatChangedEvent[]> {
  const heard: ChatChangedEvent[] = [];
  return new Promise((resolve) =>
    socket.on(SERVER_EVENTS.chatArchived, (payload: ChatChangedEvent) => {
      heard.push(payload);
      if (heard.length === count) resolve(heard);
    }),
  );
}

describe('DELETE /api/services/:id', () => {
  it("announces every chat it archived, after the commit, to the chats' rooms", async () => {
    const channel = await createWhatsappChannel(ctx, accountId);
    const other = await createWhatsappChannel(ctx, accountId);
    const mine = await createChat(ctx, accountId, { channelId: channel.id, agentId: agent.id });
    const theirs = await createChat(ctx, accountId, {
      channelId: channel.id,
      agentId: otherAgent.id,
    });
    const already = await createChat(ctx, accountId, { channelId: channel.id, isArchive: true });
    const elsewhere = await createChat(ctx, accountId, { channelId: other.id });
    await ctx.deps.db
      .updateTable('channels')
      .set({ disconnected_at: ctx.clock.now() })
      .where('id', '=', channel.id)
      .execute();

    const [adminSocket, agentSocket] = await Promise.all([open(admin), open(agent)]);
    try {
      const adminHeard = hear(adminSocket, 2);
      const agentHeard = hear(agentSocket, 1);
      ctx.events.length = 0;
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/services/${channel.id}`,
        headers: admin.auth,
      });
      expect(res.statusCode, res.body).toBe(200);

      const announced = ctx.events.flatMap((e) => (e.type === 'chat.archived' ? [e.chat] : []));
      expect(announced.map((c) => c.id).sort()).toEqual([mine, theirs].sort());
      expect(announced.every((c) => c.is_archive)).toBe(true);
      // The admin sees both; an agent hears only of the chat assigned to them.
      const toAdmin = await adminHeard;
      expect(toAdmin.map((e) => e.chat._id).sort()).toEqual([mine, theirs].sort());
      expect(toAdmin.every((e) => e.chat.isArchive)).toBe(true);
      expect((await agentHeard).map((e) => e.chat._id)).toEqual([mine]);
      await new Promise((r) => setTimeout(r, 100));
      expect(
        (await agentHeard).map((e) => e.chat._id),
        "another agent's chat",
      ).toEqual([mine]);
      expect(announced.map((c) => c.id)).not.toContain(already);
      expect(announced.map((c) => c.id)).not.toContain(elsewhere);
    } finally {
      adminSocket.close();
      agentSocket.close();
    }
  });

  it('announces nothing when the delete is refused', async () => {
    const channel = await createWhatsappChannel(ctx, accountId);
    await createChat(ctx, accountId, { channelId: channel.id });
    ctx.events.length = 0;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/services/${channel.id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(ctx.events.filter((e) => e.type === 'chat.archived')).toEqual([]);
  });
});
