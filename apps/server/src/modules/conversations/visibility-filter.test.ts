import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { canSeeChat, type Viewer } from './visibility.js';
import { audienceOf, viewerOf } from '../../realtime/viewer.js';
import { loadChatRows } from './queries.js';

/**
 * The list query (SQL) and socket routing (rooms) must agree on who sees what: every viewer ×
 * every chat shape, compared against canSeeChat, and checked through the HTTP API too.
 */
let ctx: TestContext;
let accountId: string;
const users: Record<string, TestUser> = {};
const chats: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  const d1 = await createDivision(ctx, accountId, 'D1');
  const d2 = await createDivision(ctx, accountId, 'D2');
  users.admin = await createUser(ctx, accountId, { role: 'admin' });
  users.adminD1Only = await createUser(ctx, accountId, {
    role: 'admin',
    divisionIds: [d1],
    divisionOnlyView: true,
  });
  users.agentA1 = await createUser(ctx, accountId, {
    role: 'agent',
    divisionIds: [d1],
    allChat: false,
  });
  users.agentA2 = await createUser(ctx, accountId, {
    role: 'agent',
    divisionIds: [d2],
    allChat: false,
  });
  users.agentAll = await createUser(ctx, accountId, { role: 'agent', allChat: true });
  users.agentD2Only = await createUser(ctx, accountId, {
    role: 'agent',
    divisionIds: [d2],
    divisionOnlyView: true,
  });
  users.supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
  users.supervisorD1Only = await createUser(ctx, accountId, {
    role: 'supervisor',
    divisionIds: [d1],
    divisionOnlyView: true,
  });
  await ctx.deps.db
    .insertInto('supervisor_agents')
    .values({
      account_id: accountId,
      supervisor_id: users.supervisor.id,
      agent_id: users.agentA1.id,
    })
    .execute();

  const channel = await createWhatsappChannel(ctx, accountId);
  const contact = await ctx.deps.db
    .insertInto('contacts')
    .values({ account_id: accountId, name: 'C', phone: null, attributes: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shapes: Record<string, { agent: string | null; divisions: string[] }> = {
    unassignedNoDivision: { agent: null, divisions: [] },
    unassignedD1: { agent: null, divisions: [d1] },
    unassignedD2: { agent: null, divisions: [d2] },
    a1NoDivision: { agent: users.agentA1.id, divisions: [] },
    a2NoDivision: { agent: users.agentA2.id, divisions: [] },
    a1InD2: { agent: users.agentA1.id, divisions: [d2] },
    supervisorOwn: { agent: users.supervisor.id, divisions: [] },
    allChatAgent: { agent: users.agentAll.id, divisions: [] },
  };
  let n = 0;
  for (const [name, shape] of Object.entries(shapes)) {
    const row = await ctx.deps.db
      .insertInto('chats')
      .values({
        account_id: accountId,
        channel_id: channel.id,
        contact_id: contact.id,
        channel: 'whatsapp',
        identifier: `62800${n++}`,
        name,
        agent_id: shape.agent,
        division_ids: shape.divisions,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    chats[name] = row.id;
  }
});
afterAll(() => ctx.close());

async function viewerFor(user: TestUser): Promise<Viewer> {
  const principal = await ctx.services.auth.authenticate(user.token);
  if (!principal) throw new Error('no principal');
  return viewerOf(principal);
}

describe('chat visibility: SQL list = socket rooms = canSeeChat', () => {
  it('agrees for every viewer and chat', async () => {
    const rows = await loadChatRows(ctx.deps.db, accountId, Object.values(chats));
    const table: Record<string, string[]> = {};
    for (const [who, user] of Object.entries(users)) {
      const viewer = await viewerFor(user);
      const expected = rows
        .filter((r) => canSeeChat(viewer, audienceOf(r)))
        .map((r) => r.name)
        .sort();
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/chats/paginate?perpage=150',
        headers: user.auth,
      });
      const listed = (res.json().data as { name: string }[]).map((c) => c.name).sort();
      expect(listed, who).toEqual(expected);
      table[who] = listed;
    }
    // The spec's rules, spelled out, so a change to both sides at once still fails here.
    expect(table.admin).toHaveLength(8);
    expect(table.adminD1Only).toEqual(['a1InD2', 'a1NoDivision', 'unassignedD1'].sort());
    expect(table.agentA1).toEqual(
      ['a1InD2', 'a1NoDivision', 'unassignedD1', 'unassignedNoDivision'].sort(),
    );
    expect(table.agentA2).toEqual(['a2NoDivision', 'unassignedD2', 'unassignedNoDivision'].sort());
    expect(table.agentAll).toHaveLength(8);
    expect(table.agentD2Only).toEqual(['a1InD2', 'a2NoDivision', 'unassignedD2'].sort());
    expect(table.supervisor).toEqual(
      ['a1InD2', 'a1NoDivision', 'supervisorOwn', 'unassignedD1', 'unassignedD2'].sort(),
    );
    expect(table.supervisorD1Only).toEqual(['a1InD2', 'a1NoDivision', 'unassignedD1'].sort());
  });

  it('direct requests by id obey it too', async () => {
    const hidden = chats.a2NoDivision!;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/messages/paginate?chatId=${hidden}`,
      headers: users.agentA1!.auth,
    });
    expect(res.statusCode).toBe(404);
    const send = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: users.agentA1!.auth,
      payload: { chatId: hidden, text: 'x' },
    });
    expect(send.statusCode).toBe(404);
  });
});
