import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WabasicQr, WabasicStatus } from '@sapa/contracts';
import { sandboxHarness } from '../../channels/whatsapp-basic/sandbox/harness.js';
import type { ContractHarness } from '../../channels/whatsapp-basic/connector.contract.js';
import { createDb } from '../../db/database.js';
import type { Deps } from '../../deps.js';
import { EventBus } from '../../events/bus.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { attachLinkedSession } from '../inbox/index.js';
import { leases } from './lease.js';
import { WabasicSupervisor, type SupervisorOptions } from './supervisor.js';

/**
 * The supervisor with the real pieces around it: apps/sandbox's phone through the sandbox
 * driver, the inbox's session hooks, two "processes" on one database.
 */
const FAST = {
  leaseTtlMs: 1_500,
  renewEveryMs: 300,
  scanEveryMs: 200,
  backoff: { firstMs: 50, maxMs: 300 },
} satisfies Partial<SupervisorOptions>;

let ctx: TestContext;
let admin: TestUser;
let sandbox: ContractHarness;
let peer: Deps;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ mediaDir: `/tmp/sapa-test-wabasic-link-${process.pid}` });
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  sandbox = await sandboxHarness('6281200000088');
  const { db, pool } = createDb(ctx.databaseUrl, 5);
  peer = { ...ctx.deps, db, pool, events: new EventBus() };
  stops.push(() => db.destroy());
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  await sandbox?.close();
  await ctx?.close();
});

const get = async <T>(path: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: path, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const status = (channel: string) =>
  get<WabasicStatus>(`/api/users/light/status?channel=${channel}`);

async function inbound(channel: string) {
  return ctx.deps.db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.provider_message_id', 'm.text'])
    .where('c.channel_id', '=', channel)
    .where('m.from_me', '=', false)
    .orderBy('m.id')
    .execute();
}

const supervisors: WabasicSupervisor[] = [];
const supervisor = (deps: Deps, owner: string) => {
  const made = new WabasicSupervisor(deps, {
    ...FAST,
    connector: sandbox.connector,
    attach: attachLinkedSession,
    owner,
    listenUrl: ctx.databaseUrl,
  });
  supervisors.push(made);
  stops.push(() => made.stop());
  return made;
};

/** Links a new channel through the sandbox phone; `owner` must be running. */
async function linkByQr(name: string): Promise<string> {
  const linked = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/light/link',
    headers: admin.auth,
    payload: { name },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const channel = linked.json<WabasicStatus>().channel!;
  const qr = await waitFor('a QR', async () => {
    const q = await get<WabasicQr>(`/api/users/light/qrcode?channel=${channel}`);
    return q.qr;
  });
  await sandbox.phone.scan(qr);
  await waitFor('connected', async () => (await status(channel)).state === 'connected');
  return channel;
}

const unlink = (channel: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/light/unlink',
    headers: admin.auth,
    payload: { channel },
  });

describe('a number linked through the sandbox phone', () => {
  it('links by QR, takes messages, survives a killed owner, and is told when the phone logs out', async () => {
    const a = supervisor(ctx.deps, 'a');
    const b = supervisor(peer, 'b');
    await a.start();

    const linked = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/light/link',
      headers: admin.auth,
      payload: { name: 'Toko Sandbox' },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const channel = linked.json<WabasicStatus>().channel!;
    const qr = await waitFor('a QR', async () => {
      const q = await get<WabasicQr>(`/api/users/light/qrcode?channel=${channel}`);
      return q.qr;
    });
    await sandbox.phone.scan(qr);
    await waitFor('connected', async () => (await status(channel)).state === 'connected');
    expect(
      (await get<{ user: { phone: string } }>(`/api/users/light/user?channel=${channel}`)).user
        .phone,
    ).toBe('6281200000088');

    await sandbox.phone.customerSays('6281300000001', 'Halo, masih buka?');
    await waitFor('the message in the inbox', async () => (await inbound(channel)).length === 1);

    // The owner is killed; the other process takes the number over, with no new QR.
    await b.start();
    const killedAt = await leases.holder(ctx.deps.db, channel);
    await a.abandon();
    // A was killed in the middle of a send: its claim (its epoch) stays 'sending'.
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select('id')
      .where('channel_id', '=', channel)
      .executeTakeFirstOrThrow();
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId: chat.id, text: 'Buka sampai jam 9' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const replyId = Number(reply.json<{ _id: string }>()._id);
    await ctx.deps.db
      .insertInto('linked_send_claims')
      .values({
        message_id: replyId,
        channel_id: channel,
        state: 'sending',
        claimed_at: new Date(),
        epoch: killedAt!.epoch,
      })
      .execute();
    await waitFor('B owns it', async () => b.owned().includes(channel));
    await waitFor('connected again', async () => (await status(channel)).state === 'connected');
    expect(await leases.holder(ctx.deps.db, channel)).toMatchObject({
      owner: 'b',
      epoch: killedAt!.epoch + 1,
    });
    // B settles A's claim at takeover (not after 90 s): interrupted, never sent a second time.
    const settled = await waitFor('the claim settled', async () => {
      const row = await ctx.deps.db
        .selectFrom('messages')
        .select(['status', 'error'])
        .where('id', '=', replyId)
        .executeTakeFirstOrThrow();
      return row.status === 'failed' && row;
    });
    expect(JSON.stringify(settled.error)).toContain('Sending interrupted');
    expect(
      (await sandbox.phone.chat('6281300000001')).filter((m) => m.text === 'Buka sampai jam 9'),
    ).toEqual([]);
    await sandbox.phone.customerSays('6281300000001', 'Jam berapa tutup?');
    await waitFor('the second message', async () => (await inbound(channel)).length === 2);
    expect((await inbound(channel)).map((m) => m.text)).toEqual([
      'Halo, masih buka?',
      'Jam berapa tutup?',
    ]);

    // The phone removes the device: needs attention, not retried.
    await sandbox.phone.logOutDevice();
    await waitFor('logged out', async () => (await status(channel)).state === 'logged_out');
    expect((await status(channel)).needsAttention).toBe(true);
    await waitFor('B let it go', async () => !b.owned().includes(channel));
    const mails = await ctx.deps.db
      .selectFrom('mail_outbox')
      .select('template')
      .where('to_address', '=', admin.email)
      .execute();
    expect(mails.map((m) => m.template)).toContain('wabasic_logged_out');
  });

  it('unlinks from any process: the owner logs out, and with no owner one connects to log out', async () => {
    await ctx.deps.db
      .insertInto('settings')
      .values({ account_id: admin.accountId, key: 'bo.wabaChannelLimit', value: '5' })
      .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value: '5' }))
      .execute();
    // One process (B) runs sessions; the request is served here, where nothing runs.
    for (const running of supervisors) await running.stop();
    const b = supervisor(peer, 'b-unlink');
    await b.start();
    const first = await linkByQr('Dipegang B');
    expect(b.owned()).toEqual([first]);
    expect(await sandbox.phone.devices()).toHaveLength(1);
    const res = await unlink(first);
    expect([res.statusCode, res.json<WabasicStatus>().state]).toEqual([200, 'unlinked']);
    expect(await sandbox.phone.devices()).toEqual([]);

    // Linked again, then every process stops: nobody owns it when the admin unlinks.
    const second = await linkByQr('Tanpa pemilik');
    expect(await sandbox.phone.devices()).toHaveLength(1);
    await b.stop();
    await waitFor('no owner', async () => (await leases.holder(ctx.deps.db, second)) === null);
    const pending = unlink(second);
    const c = supervisor(ctx.deps, 'c-unlink');
    await c.start();
    const res2 = await pending;
    expect([res2.statusCode, res2.json<WabasicStatus>().state]).toEqual([200, 'unlinked']);
    expect(await sandbox.phone.devices()).toEqual([]);
  });
});
