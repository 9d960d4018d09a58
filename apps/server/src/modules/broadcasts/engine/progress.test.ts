import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeEvent } from '../../../realtime/routing.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createUser, createWhatsappChannel } from '../../../test/fixtures.js';
import { countBroadcastRecipients, emitProgress, ProgressThrottle } from './progress.js';
import { createTemplate } from '../test-helpers.js';
import { createBroadcast } from './test-helpers.js';

/** `broadcast.progress`: counts per status and replies, to the managers and the creator. */
let ctx: TestContext;
let broadcastId: string;
let accountId: string;
let userId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  userId = (await createUser(ctx, accountId, { role: 'agent' })).id;
  const channel = await createWhatsappChannel(ctx, accountId);
  const templateId = await createTemplate(ctx, accountId, channel.id);
  broadcastId = await createBroadcast(
    { ctx, accountId, channelId: channel.id, templateId, userId },
    5,
  );
  await ctx.deps.db
    .updateTable('broadcast_recipients')
    .set({ status: 'read', sent_at: new Date(), replied_at: new Date() })
    .where('broadcast_id', '=', broadcastId)
    .where('row_number', '<=', 2)
    .execute();
  await ctx.deps.db
    .updateTable('broadcasts')
    .set({ status: 'paused', pause_reason: 'Insufficient Balance' })
    .where('id', '=', broadcastId)
    .execute();
});
afterAll(async () => {
  await ctx?.close();
});

describe('broadcast progress', () => {
  it('counts every status, zero included, and replies', async () => {
    const counts = await countBroadcastRecipients(ctx.deps.db, broadcastId);
    expect(counts.total).toBe(5);
    expect(counts.replied).toBe(2);
    expect(counts.byStatus.read).toBe(2);
    expect(counts.byStatus.queue).toBe(3);
    expect(counts.byStatus.failed).toBe(0);
  });

  it('announces the state with the pause reason, to the managers room and the creator', async () => {
    await emitProgress(ctx.deps, broadcastId);
    const event = ctx.events.findLast((e) => e.type === 'broadcast.progress');
    expect(event?.type === 'broadcast.progress' && event.event).toMatchObject({
      broadcastId,
      status: 'paused',
      reason: 'Insufficient Balance',
    });
    const [out] = routeEvent(event!);
    expect(out?.name).toBe('broadcast.progress');
    expect(out?.rooms).toEqual([`acc:${accountId}:presence`, `user:${userId}`]);
  });

  it('emits at most once per interval however often it is touched', async () => {
    const before = ctx.events.filter((e) => e.type === 'broadcast.progress').length;
    const throttle = new ProgressThrottle(ctx.deps, 30);
    for (let i = 0; i < 50; i++) throttle.touch(broadcastId);
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.events.filter((e) => e.type === 'broadcast.progress').length).toBe(before + 1);
  });
});
