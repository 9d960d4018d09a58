import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service, WabasicStatus } from '@sapa/contracts';
import { DEMO_INSTAGRAM_ACCOUNT, DEMO_MESSENGER_PAGE } from '@sapa/sandbox/demo';
import { createTestContext, type TestContext } from '../test/harness.js';
import { login } from '../test/fixtures.js';
import { seedDemo, DEMO_USERS } from './demo.js';
import { seedDemoMessaging } from './demo-messaging.js';
import { seedDemoPages } from './demo-pages.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ demoPassword: 'DemoPass123' });
  await seedDemo(ctx.deps);
  await seedDemoMessaging(ctx.deps);
  await Promise.all([seedDemoPages(ctx.deps), seedDemoPages(ctx.deps)]);
});
afterAll(() => ctx.close());

describe('the demo Messenger page and Instagram account', () => {
  it('are connected with the sandbox’s ids, once, with room for one more of each', async () => {
    const token = await login(ctx, DEMO_USERS[0].email, 'DemoPass123');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/services',
      headers: { authorization: `Bearer ${token}` },
    });
    const services = res.json<{ data: Service[] }>().data;
    expect(services.map((s) => s.channel).sort()).toEqual(['instagram', 'messenger', 'whatsapp']);
    expect(services.find((s) => s.channel === 'messenger')).toMatchObject({
      externalId: DEMO_MESSENGER_PAGE.pageId,
      pageId: DEMO_MESSENGER_PAGE.pageId,
      humanAgentReplies: true,
    });
    expect(services.find((s) => s.channel === 'instagram')).toMatchObject({
      instagramAccountId: DEMO_INSTAGRAM_ACCOUNT.instagramAccountId,
      pageId: DEMO_INSTAGRAM_ACCOUNT.pageId,
    });
    const limits = await ctx.deps.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', ['bo.messengerChannelLimit', 'bo.igChannelLimit'])
      .execute();
    expect(Object.fromEntries(limits.map((l) => [l.key, l.value]))).toEqual({
      'bo.messengerChannelLimit': '2',
      'bo.igChannelLimit': '2',
    });
    // Channels opened with their sealed config, as senders open them.
    for (const s of services.filter((x) => x.channel !== 'whatsapp')) {
      const row = await ctx.deps.db
        .selectFrom('channels')
        .select(['provider', 'config_sealed'])
        .where('id', '=', s._id)
        .executeTakeFirstOrThrow();
      expect(() =>
        ctx.deps.channels.open(row.provider, JSON.parse(ctx.deps.secrets.open(row.config_sealed!))),
      ).not.toThrow();
    }
  });

  it('the inbox shows conversations on all three channels', async () => {
    const chats = await ctx.deps.db.selectFrom('chats').select(['channel']).execute();
    expect(new Set(chats.map((c) => c.channel))).toEqual(
      new Set(['whatsapp', 'messenger', 'instagram']),
    );
    expect(chats.filter((c) => c.channel === 'messenger')).toHaveLength(2);
    expect(chats.filter((c) => c.channel === 'instagram')).toHaveLength(2);
  });

  it('leaves room to link the sandbox phone beside the Cloud API number, and no more', async () => {
    const token = await login(ctx, DEMO_USERS[0].email, 'DemoPass123');
    const link = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/light/link',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Demo phone' },
      });
    const first = await link();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<WabasicStatus>().state).toBe('linking');
    const second = await link();
    expect([second.statusCode, second.json().code]).toEqual([409, 'CHANNEL_LIMIT']);
  });
});
