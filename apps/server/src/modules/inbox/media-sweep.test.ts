import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createAccount, createWhatsappChannel } from '../../test/fixtures.js';
import { GraphStub } from '../../test/graph-stub.js';
import { inbound, signed } from '../../test/whatsapp-fixtures.js';

let ctx: TestContext;
let graph: GraphStub;
let channel: { id: string; phoneNumberId: string };

beforeAll(async () => {
  graph = await new GraphStub().start();
  ctx = await createTestContext({
    config: { graphApiUrl: graph.url, mediaDir: `/tmp/sapa-test-media-sweep-${process.pid}` },
  });
  channel = await createWhatsappChannel(ctx, await createAccount(ctx));
});
afterAll(async () => {
  await ctx.close();
  await graph.stop();
});

async function imageArrives(mediaId: string) {
  const { body, headers } = signed(
    inbound(
      { type: 'image', image: { id: mediaId, mime_type: 'image/jpeg', sha256: 'x' } },
      { phoneNumberId: channel.phoneNumberId },
    ),
  );
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers }))
      .statusCode,
  ).toBe(200);
  return ctx.deps.db
    .selectFrom('messages')
    .select(['id', 'media_pending', 'media_id', 'payload'])
    .where(
      sql<boolean>`payload @> ${JSON.stringify({ media: { providerMediaId: mediaId } })}::jsonb`,
    )
    .executeTakeFirstOrThrow();
}

describe('inbound media downloads', () => {
  it('are recorded on the message and downloaded by the queued job', async () => {
    ctx.jobs.queued.length = 0;
    const msg = await imageArrives('MEDIA-A');
    expect(msg.media_pending).toBe(true);
    expect(ctx.jobs.queued.map((j) => j.name)).toEqual(['media.fetch']);
    await ctx.jobs.drain();
    const after = await ctx.deps.db
      .selectFrom('messages')
      .select(['media_pending', 'media_id'])
      .where('id', '=', msg.id)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ media_pending: false });
    expect(after.media_id).not.toBeNull();
  });

  it('a lost enqueue is recovered by the sweeper a minute later', async () => {
    const msg = await imageArrives('MEDIA-B');
    ctx.jobs.queued.length = 0; // the enqueue "was lost"
    ctx.clock.advance(61_000);
    await ctx.deps.db
      .updateTable('messages')
      .set({ created_at: new Date(ctx.clock.now().getTime() - 61_000) })
      .where('id', '=', msg.id)
      .execute();
    const { runMediaSweepJob } = await import('./jobs/fetch-media.job.js');
    await runMediaSweepJob(ctx.deps);
    ctx.clock.advance(-61_000);
    expect(ctx.jobs.queued.map((j) => (j.data as { messageId: string }).messageId)).toContain(
      String(msg.id),
    );
    await ctx.jobs.drain();
    const after = await ctx.deps.db
      .selectFrom('messages')
      .select('media_pending')
      .where('id', '=', msg.id)
      .executeTakeFirstOrThrow();
    expect(after.media_pending).toBe(false);
  });

  it('a download that cannot succeed is marked failed and no longer swept', async () => {
    graph.reply(graph.graphError(400, 100, 'Unsupported get request'));
    const msg = await imageArrives('MEDIA-C');
    await ctx.jobs.drain();
    const after = await ctx.deps.db
      .selectFrom('messages')
      .select(['media_pending', 'payload'])
      .where('id', '=', msg.id)
      .executeTakeFirstOrThrow();
    expect(after.media_pending).toBe(false);
    expect(after.payload).toMatchObject({ media: { failed: true } });
  });

  it('the sweeper is scheduled every minute', () => {
    expect(ctx.jobs.schedules).toContainEqual({ name: 'media.sweep', cron: '* * * * *' });
  });
});
