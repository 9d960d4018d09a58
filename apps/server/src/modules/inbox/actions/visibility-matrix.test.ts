import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  createAccount,
  createDivision,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../../test/fixtures.js';
import { createChat, fundAccount } from '../../../test/fixtures-inbox.js';
import { canSeeChat, loadChatRows } from '../../conversations/index.js';
import { audienceOf, viewerOf } from '../../../realtime/viewer.js';

/**
 * Role × division × assignment: every chat action and GET /api/chats/:id answer 404 exactly when
 * the caller may not see the chat (chatVisibleTo / canSeeChat), and act when they may. Each
 * request gets a fresh chat so one action's change never decides another's outcome.
 */
let ctx: TestContext;
let accountId: string;
let channelId: string;
let d1: string;
let d2: string;
let otherAgent: TestUser;
let labelId: string;
const viewers: Record<string, TestUser> = {};

const SHAPES = ['mine', 'otherAgent', 'unassignedD1', 'unassignedD2', 'unassignedNone'] as const;
type Shape = (typeof SHAPES)[number];

/** The spec's rules (§6), spelled out, so a change to both twins at once still fails here. */
const EXPECTED: Record<string, Shape[]> = {
  admin: [...SHAPES],
  supervisorWithAgent: ['mine', 'otherAgent', 'unassignedD1', 'unassignedD2'],
  supervisorWithoutAgent: ['mine', 'unassignedD1', 'unassignedD2'],
  agent: ['mine', 'unassignedD1', 'unassignedNone'],
  agentAllChat: [...SHAPES],
  divisionOnlyView: ['mine', 'unassignedD1'],
};

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  channelId = (await createWhatsappChannel(ctx, accountId)).id;
  d1 = await createDivision(ctx, accountId, 'D1');
  d2 = await createDivision(ctx, accountId, 'D2');
  otherAgent = await createUser(ctx, accountId, {
    role: 'agent',
    divisionIds: [d2],
    allChat: false,
  });
  viewers.admin = await createUser(ctx, accountId, { role: 'admin' });
  viewers.supervisorWithAgent = await createUser(ctx, accountId, { role: 'supervisor' });
  viewers.supervisorWithoutAgent = await createUser(ctx, accountId, { role: 'supervisor' });
  viewers.agent = await createUser(ctx, accountId, {
    role: 'agent',
    divisionIds: [d1],
    allChat: false,
  });
  viewers.agentAllChat = await createUser(ctx, accountId, { role: 'agent', allChat: true });
  viewers.divisionOnlyView = await createUser(ctx, accountId, {
    role: 'agent',
    divisionIds: [d1],
    divisionOnlyView: true,
  });
  await ctx.deps.db
    .insertInto('supervisor_agents')
    .values({
      account_id: accountId,
      supervisor_id: viewers.supervisorWithAgent.id,
      agent_id: otherAgent.id,
    })
    .execute();
  // Principals are cached at login; the supervision above must be part of them.
  ctx.deps.authCache.invalidateAll();
  const label = await ctx.app.inject({
    method: 'POST',
    url: '/api/labels',
    headers: viewers.admin.auth,
    payload: { label: 'Matrix', color: '#228be6' },
  });
  labelId = label.json()._id as string;
});
afterAll(() => ctx.close());

function chatFor(viewer: TestUser, shape: Shape): Promise<string> {
  const agentId = { mine: viewer.id, otherAgent: otherAgent.id }[shape as string] ?? null;
  const divisionIds = { unassignedD1: [d1], unassignedD2: [d2] }[shape as string] ?? [];
  return createChat(ctx, accountId, { channelId, agentId, divisionIds, name: shape });
}

type Request = (
  viewer: TestUser,
  chatId: string,
) => { method: 'GET' | 'POST'; url: string; payload?: object };
const post =
  (path: string, extra: object = {}) =>
  (_v: TestUser, chatId: string) => ({
    method: 'POST' as const,
    url: `/api/chats/${path}`,
    payload: { chatId, ...extra },
  });
const ACTIONS: Record<string, Request> = {
  get: (_v, chatId) => ({ method: 'GET', url: `/api/chats/${chatId}` }),
  assign: (v, chatId) => ({
    method: 'POST',
    url: '/api/chats/assign',
    payload: { chatId, agentId: v.id },
  }),
  division: post('assign', { divisionId: null }),
  labels: (_v, chatId) => ({
    method: 'POST',
    url: '/api/chats/labels',
    payload: { chatId, labelIds: [labelId] },
  }),
  flag: post('flag', { flag: 'green' }),
  resolve: post('resolve-ticket'),
  archive: post('archive'),
  unarchive: post('unarchive'),
  block: post('block'),
  unblock: post('unblock'),
};

describe('chat actions obey chat visibility', () => {
  it(
    'answers by the rules of §6 for every role, division and assignment',
    { timeout: 90_000 },
    async () => {
      const seen: Record<string, Shape[]> = {};
      for (const [who, viewer] of Object.entries(viewers)) {
        const principal = await ctx.services.auth.authenticate(viewer.token);
        if (!principal) throw new Error(`no principal for ${who}`);
        seen[who] = [];
        for (const shape of SHAPES) {
          const probe = await chatFor(viewer, shape);
          const [probeRow] = await loadChatRows(ctx.deps.db, accountId, [probe]);
          if (!probeRow) throw new Error('chat not stored');
          const visible = canSeeChat(viewerOf(principal), audienceOf(probeRow));
          if (visible) seen[who].push(shape);
          for (const [action, request] of Object.entries(ACTIONS)) {
            const chatId = await chatFor(viewer, shape);
            const before = await ctx.deps.db
              .selectFrom('chats')
              .selectAll()
              .where('id', '=', chatId)
              .executeTakeFirstOrThrow();
            const { method, url, payload } = request(viewer, chatId);
            const res = await ctx.app.inject({
              method,
              url,
              headers: viewer.auth,
              ...(payload ? { payload } : {}),
            });
            const label = `${who} ${action} ${shape}`;
            expect(res.statusCode, `${label}: ${res.body}`).toBe(visible ? 200 : 404);
            if (!visible) {
              const after = await ctx.deps.db
                .selectFrom('chats')
                .selectAll()
                .where('id', '=', chatId)
                .executeTakeFirstOrThrow();
              expect(after, label).toEqual(before);
            }
          }
        }
      }
      expect(seen).toEqual(EXPECTED);
    },
  );

  it('a chat given away leaves the agent: they can no longer read or act on it', async () => {
    const agent = viewers.agent!;
    const chatId = await chatFor(agent, 'mine');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats/assign',
      headers: agent.auth,
      payload: { chatId, agentId: otherAgent.id },
    });
    expect(res.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/chats/${chatId}`,
      headers: agent.auth,
    });
    expect(again.statusCode).toBe(404);
    const flag = await ctx.app.inject({
      method: 'POST',
      url: '/api/chats/flag',
      headers: agent.auth,
      payload: { chatId, flag: 'red' },
    });
    expect(flag.statusCode).toBe(404);
  });
});
