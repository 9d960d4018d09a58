import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/database.js';
import type { Deps } from '../../deps.js';
import { EventBus } from '../../events/bus.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { createAccount } from '../../test/fixtures.js';
import { PhoneDouble, recordingAttacher } from '../../test/wabasic-double.js';
import { leases } from './lease.js';
import { sessionsRepo } from './repo.js';
import { WabasicService } from './service.js';
import { LeaseLostError, PgSessionStore } from './store.js';
import { WabasicSupervisor, type SupervisorOptions } from './supervisor.js';

const FAST = {
  leaseTtlMs: 1_000,
  renewEveryMs: 200,
  scanEveryMs: 150,
  backoff: { firstMs: 40, maxMs: 200 },
} satisfies Partial<SupervisorOptions>;

let ctx: TestContext;
let accountId: string;
/** A second server process's dependencies: its own pool and bus on the same database. */
let peer: Deps;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx);
  await ctx.deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key: 'bo.wabaChannelLimit', value: '20' })
    .execute();
  const { db, pool } = createDb(ctx.databaseUrl, 5);
  peer = { ...ctx.deps, db, pool, events: new EventBus() };
  closers.push(() => db.destroy());
});

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await ctx?.close();
});

describe('the lease row', () => {
  it('has one holder; another takes it only once it expired; the old epoch can no longer write', async () => {
    const channel = (await new WabasicService(ctx.deps).link(accountId, { name: 'Lease' }))
      .channel!;
    // Nothing runs here: the row is ours to play with.
    const a = await leases.acquire(ctx.deps.db, channel, 'a', 300);
    expect(a).toMatchObject({ owner: 'a', epoch: 1 });
    expect(await leases.acquire(peer.db, channel, 'b', 300)).toBeNull();
    const storeA = new PgSessionStore(ctx.deps.db, ctx.deps.secrets, a!);
    await storeA.writeCreds('{"by":"a"}');

    await new Promise((r) => setTimeout(r, 350));
    expect(await leases.renew(ctx.deps.db, [a!], 300)).toEqual(new Set());
    const b = await leases.acquire(peer.db, channel, 'b', 5_000);
    expect(b).toMatchObject({ owner: 'b', epoch: 2 });
    // The paused owner wakes up and writes: refused, nothing changes.
    await expect(storeA.writeKeys({ session: { x: 'stale' } })).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await expect(storeA.writeCreds('{"by":"a again"}')).rejects.toBeInstanceOf(LeaseLostError);
    const storeB = new PgSessionStore(peer.db, peer.secrets, b!);
    expect(await storeB.readCreds()).toBe('{"by":"a"}');
    expect(await storeB.readKeys('session', ['x'])).toEqual({});
    expect(await leases.renew(peer.db, [b!], 5_000)).toEqual(new Set([channel]));
    await leases.release(peer.db, b!);
    expect(await leases.holder(ctx.deps.db, channel)).toBeNull();
    // Out of the way of the supervisors below.
    await sessionsRepo.update(ctx.deps.db, channel, { state: 'unlinked' });
  });
});

describe('two server processes', () => {
  it('one owns each number; killed, the other takes every number over and connects without a QR', async () => {
    const phone = new PhoneDouble();
    const inbox = recordingAttacher();
    const a = new WabasicSupervisor(ctx.deps, {
      ...FAST,
      connector: phone,
      attach: inbox.attach,
      owner: 'a',
      listenUrl: ctx.databaseUrl,
    });
    // B's leases live 30 s: C taking them within 3 s below shows a stop hands them back.
    const b = new WabasicSupervisor(peer, {
      ...FAST,
      leaseTtlMs: 30_000,
      connector: phone,
      attach: inbox.attach,
      owner: 'b',
      listenUrl: ctx.databaseUrl,
    });
    closers.push(
      () => a.stop(),
      () => b.stop(),
    );
    await a.start();
    const service = new WabasicService(ctx.deps);
    const channels: string[] = [];
    for (let i = 0; i < 4; i++)
      channels.push((await service.link(accountId, { name: `Number ${i}` })).channel!);
    for (const [i, channel] of channels.entries()) {
      const session = await waitFor('QR', async () => phone.live(channel));
      await session.scan(`62812000001${i}`);
    }
    await waitFor('all connected', async () => {
      const rows = await Promise.all(channels.map((c) => sessionsRepo.byChannel(ctx.deps.db, c)));
      return rows.every((r) => r?.state === 'connected');
    });
    await b.start();
    // B scans over and over while A renews: it never gets a number.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(b.owned()).toEqual([]);
    expect(a.owned().sort()).toEqual([...channels].sort());
    const before = new Map(channels.map((c) => [c, phone.opened(c).length]));

    // kill -9 of A: its connections drop, its leases are not handed back.
    await a.abandon();
    await waitFor('B owns every number', async () => b.owned().length === channels.length);
    await waitFor('every number connected through B', async () => {
      const rows = await Promise.all(channels.map((c) => sessionsRepo.byChannel(ctx.deps.db, c)));
      return rows.every((r) => r?.state === 'connected') && channels.every((c) => phone.live(c));
    });
    for (const channel of channels) {
      expect(await leases.holder(ctx.deps.db, channel)).toMatchObject({ owner: 'b', epoch: 2 });
      // One new session each, opened with the stored credentials: no QR shown.
      expect(phone.opened(channel).length).toBe(before.get(channel)! + 1);
      // Never two sessions of one number at once, at any moment of the test.
      expect(phone.mostLiveAtOnce.get(channel)).toBe(1);
    }
    const qrs = inbox.seen.filter((e) => e.kind === 'qr').length;
    expect(qrs).toBe(channels.length);

    // A graceful stop (a restart) hands the numbers over at once, still without a QR.
    const c = new WabasicSupervisor(ctx.deps, {
      ...FAST,
      connector: phone,
      attach: inbox.attach,
      owner: 'c',
      listenUrl: ctx.databaseUrl,
    });
    closers.push(() => c.stop());
    await c.start();
    await b.stop();
    await waitFor('C owns every number', async () => c.owned().length === channels.length, 3_000);
    await waitFor('connected through C', async () => channels.every((ch) => phone.live(ch)));
    expect(inbox.seen.filter((e) => e.kind === 'qr').length).toBe(qrs);
    for (const channel of channels) expect(phone.mostLiveAtOnce.get(channel)).toBe(1);
  });
});
