import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { createAccount, createUser, type TestUser } from '../../../test/fixtures.js';
import { fundAccount } from '../../../test/fixtures-inbox.js';
import {
  FakeLinkedSession,
  createLinkedChannel,
  customerText,
  expireLease,
  leaseLinked,
  attachOpened,
} from '../../../test/linked-session.js';
import type { LinkedAttachment } from './session.js';

/**
 * The outbox fenced by the lease epoch (migration 0073): a process that lost the number cannot
 * claim or send, and the next owner settles what its predecessor left in flight at once, as
 * "Sending interrupted", never sending it again.
 */
let ctx: TestContext;
let admin: TestUser;
let channel: { id: string };
let chatId: string;
const attached: LinkedAttachment[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  channel = await createLinkedChannel(ctx, accountId);
});
afterAll(async () => {
  for (const hooks of attached) await hooks.detach();
  await ctx.close();
});

/** A process taking the number: the lease (the next epoch once the last one expired), then the inbox. */
async function owner(name: string) {
  const lease = await leaseLinked(ctx, channel.id, name);
  const session = new FakeLinkedSession();
  const hooks = await attachOpened(ctx, channel.id, () => session, lease, {
    manual: true,
    sleep: async () => {},
  });
  attached.push(hooks);
  return { lease, session, hooks };
}

beforeEach(async () => {
  await expireLease(ctx, channel.id);
  const from = `62815${Math.floor(Math.random() * 1e7)}`;
  const first = await owner('setup');
  await first.hooks.onEvent({
    kind: 'events',
    origin: 'live',
    events: [customerText(channel.id, { id: randomUUID(), from, text: 'Halo', at: new Date() })],
  });
  chatId = (
    await ctx.deps.db
      .selectFrom('chats')
      .select('id')
      .where('identifier', '=', from)
      .executeTakeFirstOrThrow()
  ).id;
  await expireLease(ctx, channel.id);
});

const send = async (text: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: admin.auth,
    payload: { chatId, text },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ _id: string }>()._id;
};
const messageRow = (id: string) =>
  ctx.deps.db
    .selectFrom('messages')
    .select(['status', 'error'])
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
const claimOf = (id: string) =>
  ctx.deps.db
    .selectFrom('linked_send_claims')
    .select(['state', 'epoch'])
    .where('message_id', '=', Number(id))
    .executeTakeFirst();

describe('a linked number’s sends fenced by the lease epoch', () => {
  it('the next owner settles the dead owner’s claim at once, as interrupted, never resent', async () => {
    const a = await owner('process-a');
    const id = await send('terkirim atau tidak?');
    // A claimed it and was killed before WhatsApp answered: its claim is seconds old.
    await ctx.deps.db
      .insertInto('linked_send_claims')
      .values({
        message_id: Number(id),
        channel_id: channel.id,
        state: 'sending',
        claimed_at: new Date(),
        epoch: a.lease.epoch,
      })
      .execute();
    // Under its own epoch the claim is A's send in flight, not in doubt.
    expect(await a.hooks.outbox.drainOnce()).toMatchObject({ inDoubt: 0, sent: 0 });

    await expireLease(ctx, channel.id);
    const b = await owner('process-b');
    expect(b.lease.epoch).toBe(a.lease.epoch + 1);
    expect(await b.hooks.outbox.drainOnce()).toMatchObject({ inDoubt: 1, sent: 0 });
    const row = await messageRow(id);
    expect(row.status).toBe('failed');
    expect(JSON.stringify(row.error)).toContain('Sending interrupted');
    expect(await b.hooks.outbox.drainOnce()).toMatchObject({ inDoubt: 0, sent: 0 });
    expect([...a.session.sent, ...b.session.sent]).toEqual([]);
  });

  it('an owner that lost its lease neither claims nor sends; the new owner sends once', async () => {
    const a = await owner('process-a');
    await expireLease(ctx, channel.id);
    const b = await owner('process-b');
    const id = await send('siapa yang kirim?');

    // A has not noticed yet (its renewal is due later): its drain is fenced out.
    expect(await a.hooks.outbox.drainOnce()).toMatchObject({ sent: 0, failed: 0 });
    expect(a.session.sent).toEqual([]);
    expect(await claimOf(id)).toBeUndefined();
    expect((await messageRow(id)).status).toBe('queue');

    expect(await b.hooks.outbox.drainOnce()).toMatchObject({ sent: 1 });
    expect(b.session.sent.map((s) => (s.message as { text: string }).text)).toEqual([
      'siapa yang kirim?',
    ]);
    expect(await a.hooks.outbox.drainOnce()).toMatchObject({ sent: 0 });
    expect(a.session.sent).toEqual([]);
    expect((await messageRow(id)).status).toBe('sent');
  });

  it('a lease lost between the claim and the send: nothing goes out, the new owner sends it', async () => {
    const a = await owner('process-a');
    const id = await send('di antara');
    // The lease runs out the moment A's claim commits (a pause right after claiming).
    await sql`
      CREATE FUNCTION test_expire_lease() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE wabasic_leases SET expires_at = now() - interval '1 second'
        WHERE channel_id = NEW.channel_id;
        RETURN NEW;
      END $$`.execute(ctx.deps.db);
    await sql`
      CREATE TRIGGER test_expire_lease AFTER INSERT OR UPDATE ON linked_send_claims
      FOR EACH ROW EXECUTE FUNCTION test_expire_lease()`.execute(ctx.deps.db);
    try {
      expect(await a.hooks.outbox.drainOnce()).toMatchObject({ sent: 0, failed: 0 });
    } finally {
      await sql`DROP TRIGGER test_expire_lease ON linked_send_claims`.execute(ctx.deps.db);
      await sql`DROP FUNCTION test_expire_lease()`.execute(ctx.deps.db);
    }
    expect(a.session.sent).toEqual([]);
    // Surely not sent: handed back, not declared in doubt.
    expect(await claimOf(id)).toMatchObject({ state: 'retry', epoch: a.lease.epoch });
    expect((await messageRow(id)).status).toBe('queue');

    const b = await owner('process-b');
    expect(await b.hooks.outbox.drainOnce()).toMatchObject({ sent: 1, inDoubt: 0 });
    expect(b.session.sent).toHaveLength(1);
    expect((await messageRow(id)).status).toBe('sent');
    expect(await claimOf(id)).toBeUndefined();
  });
});
