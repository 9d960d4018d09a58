import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WABASIC_STATE_EVENT, type WabasicQr, type WabasicStatus } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait.js';
import { createAccount, createUser, type TestUser } from '../../test/fixtures.js';
import { PhoneDouble, recordingAttacher } from '../../test/wabasic-double.js';
import { routeEvent } from '../../realtime/routing.js';
import { leases } from './lease.js';
import { WabasicSupervisor, type SupervisorOptions } from './supervisor.js';

/** Fast timings: the same code paths as production's 10 s lease, 3 s renewal, 2 s scan. */
const FAST = {
  leaseTtlMs: 1_200,
  renewEveryMs: 250,
  scanEveryMs: 150,
  backoff: { firstMs: 40, maxMs: 200 },
  maxQrRotations: 3,
} satisfies Partial<SupervisorOptions>;

let ctx: TestContext;
let admin: TestUser;
const phone = new PhoneDouble();
const inbox = recordingAttacher();
let supervisor: WabasicSupervisor;

const get = async <T>(path: string, user = admin) => {
  const res = await ctx.app.inject({ method: 'GET', url: path, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const post = (path: string, payload: object, user = admin) =>
  ctx.app.inject({ method: 'POST', url: path, headers: user.auth, payload });

const stateOf = async (channel: string) =>
  (await get<WabasicStatus>(`/api/users/light/status?channel=${channel}`)).state;

beforeAll(async () => {
  ctx = await createTestContext();
  const accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  await ctx.deps.db
    .insertInto('settings')
    .values({ account_id: accountId, key: 'bo.wabaChannelLimit', value: '20' })
    .execute();
  supervisor = new WabasicSupervisor(ctx.deps, {
    ...FAST,
    connector: phone,
    attach: inbox.attach,
    owner: 'process-a',
    listenUrl: ctx.databaseUrl,
  });
  await supervisor.start();
});

afterAll(async () => {
  await supervisor?.stop();
  await ctx?.close();
});

async function linkNew(name = 'Toko'): Promise<string> {
  const res = await post('/api/users/light/link', { name });
  expect(res.statusCode, res.body).toBe(200);
  const status = res.json<WabasicStatus>();
  expect(status.state).toBe('linking');
  return status.channel!;
}

describe('linking a number through the supervisor', () => {
  it('shows the QR, links on scan (restart after the first scan), and keeps keys sealed', async () => {
    const channel = await linkNew();
    const qr = await waitFor('a QR', async () => {
      const q = await get<WabasicQr>(`/api/users/light/qrcode?channel=${channel}`);
      return q.qr ? q : null;
    });
    expect(qr).toMatchObject({ state: 'linking', rotation: 1, maxRotations: 5 });
    // The page hears it by socket, addressed to the account's admins only.
    const lastQr = await waitFor('the QR pushed', async () =>
      ctx.events.findLast((e) => e.type === 'wabasic.state' && e.event.qr.qr === qr.qr),
    );
    expect(routeEvent(lastQr)[0]).toMatchObject({
      name: WABASIC_STATE_EVENT,
      rooms: [expect.stringContaining(admin.accountId)],
    });

    await phone.live(channel)!.scan('6281234567890');
    await waitFor('connected', async () => (await stateOf(channel)) === 'connected');
    const user = await get<{ user: { phone: string; name: string } }>(
      `/api/users/light/user?channel=${channel}`,
    );
    expect(user.user).toMatchObject({ phone: '6281234567890', name: 'Toko Sapa' });
    // restart_required reopened at once, without a QR: two sessions, the second opened.
    expect(phone.opened(channel)).toHaveLength(2);
    expect((await get<WabasicQr>(`/api/users/light/qrcode?channel=${channel}`)).qr).toBeNull();
    expect(inbox.seen.filter((e) => e.channelId === channel).map((e) => e.kind)).toEqual([
      'connecting',
      'qr',
      'close',
      'connecting',
      'open',
    ]);

    const stored = await ctx.deps.db
      .selectFrom('wabasic_sessions')
      .select('creds_sealed')
      .where('channel_id', '=', channel)
      .executeTakeFirstOrThrow();
    const keys = await ctx.deps.db
      .selectFrom('wabasic_keys')
      .selectAll()
      .where('channel_id', '=', channel)
      .execute();
    expect(stored.creds_sealed).not.toContain('noise-key-material');
    expect(ctx.deps.secrets.open(stored.creds_sealed!)).toContain('noise-key-material');
    expect(keys.map((k) => k.key_id).sort()).toEqual(['1', '2']);
    expect(keys.every((k) => !k.value_sealed.includes('pre-key'))).toBe(true);
  });

  it('reconnects with backoff after a dropped connection, without a new QR', async () => {
    const channel = await linkNew('Drop');
    await waitFor('QR', async () => phone.live(channel));
    await phone.live(channel)!.scan('6281200000002');
    await waitFor('connected', async () => (await stateOf(channel)) === 'connected');
    const before = phone.opened(channel).length;
    await phone.live(channel)!.close('connection_lost');
    const states = () =>
      ctx.events
        .filter((e) => e.type === 'wabasic.state' && e.event.status.channel === channel)
        .map((e) => (e.type === 'wabasic.state' ? e.event.status.state : ''));
    await waitFor(
      'connected again',
      async () => states().at(-1) === 'connected' && states().includes('reconnecting'),
    );
    expect(phone.opened(channel).length).toBe(before + 1);
    expect(phone.live(channel)).toBeDefined();
    expect(states().slice(-3)).toEqual(['reconnecting', 'connecting', 'connected']);
  });

  it('stops after the allowed QR rotations: "QR expired, start again", not a loop', async () => {
    const channel = await linkNew('Nobody scans');
    const session = await waitFor('QR', async () => phone.live(channel));
    await session.rotate();
    await session.rotate();
    await session.rotate(); // the 4th QR, past FAST.maxQrRotations
    await waitFor('qr_expired', async () => (await stateOf(channel)) === 'qr_expired');
    const status = await get<WabasicStatus>(`/api/users/light/status?channel=${channel}`);
    expect(status.message).toBe('QR expired, start again.');
    expect(session.isLive).toBe(false);
    await waitFor('lease handed back', async () => !(await leases.holder(ctx.deps.db, channel)));
    await new Promise((r) => setTimeout(r, 600));
    expect(phone.opened(channel)).toHaveLength(1);
    // Starting again gives a new QR.
    const again = await post('/api/users/light/link', { channel });
    expect(again.json<WabasicStatus>().state).toBe('linking');
    await waitFor('a second session', async () => phone.opened(channel).length === 2);
  });

  it('logged out by the phone: needs attention, admins told by socket and email, not retried', async () => {
    const channel = await linkNew('Unlinked by phone');
    await waitFor('QR', async () => phone.live(channel));
    await phone.live(channel)!.scan('6281200000003');
    await waitFor('connected', async () => (await stateOf(channel)) === 'connected');
    const opened = phone.opened(channel).length;
    await phone.live(channel)!.close('logged_out');
    await waitFor('logged_out', async () => (await stateOf(channel)) === 'logged_out');
    const status = await get<WabasicStatus>(`/api/users/light/status?channel=${channel}`);
    expect(status.needsAttention).toBe(true);
    const health = ctx.events.findLast((e) => e.type === 'channel.health');
    expect(health?.type === 'channel.health' && health.service._id).toBe(channel);
    const mail = await ctx.deps.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'template'])
      .where('template', '=', 'wabasic_logged_out')
      .execute();
    expect(mail).toEqual([
      {
        to_address: admin.email,
        subject: 'Unlinked by phone was unlinked from WhatsApp',
        template: 'wabasic_logged_out',
      },
    ]);
    const creds = await ctx.deps.db
      .selectFrom('wabasic_sessions')
      .select('creds_sealed')
      .where('channel_id', '=', channel)
      .executeTakeFirstOrThrow();
    expect(creds.creds_sealed).toBeNull();
    await new Promise((r) => setTimeout(r, 600));
    expect(phone.opened(channel)).toHaveLength(opened);
    // Linking again ends the incident once the phone is back.
    await post('/api/users/light/link', { channel });
    await waitFor('QR', async () => phone.live(channel));
    await phone.live(channel)!.scan('6281200000003');
    await waitFor('connected', async () => (await stateOf(channel)) === 'connected');
    expect(
      (await get<WabasicStatus>(`/api/users/light/status?channel=${channel}`)).needsAttention,
    ).toBe(false);
  });

  it('gives a pairing code from the process running the session', async () => {
    const channel = await linkNew('Pairing');
    await waitFor('QR', async () => phone.live(channel));
    const res = await post('/api/users/light/pairing-code', { channel, phone: '+62 812' });
    expect(res.statusCode).toBe(400);
    const ok = await post('/api/users/light/pairing-code', { channel, phone: '+6281299990000' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ channel, code: 'SAPA-1234' });
    expect(phone.live(channel)!.pairingRequests).toEqual(['6281299990000']);
  });

  it('unlinks: the device is logged out at WhatsApp and the session forgotten', async () => {
    const channel = await linkNew('To unlink');
    await waitFor('QR', async () => phone.live(channel));
    const session = phone.live(channel)!;
    await session.scan('6281200000004');
    await waitFor('connected', async () => (await stateOf(channel)) === 'connected');
    const running = phone.live(channel)!;
    const res = await post('/api/users/light/unlink', { channel });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WabasicStatus>().state).toBe('unlinked');
    expect(running.loggedOut).toBe(true);
    expect(
      (await get<{ user: unknown }>(`/api/users/light/user?channel=${channel}`)).user,
    ).toBeNull();
    const keys = await ctx.deps.db
      .selectFrom('wabasic_keys')
      .select('key_id')
      .where('channel_id', '=', channel)
      .execute();
    expect(keys).toEqual([]);
    expect(inbox.detached).toContain(channel);
  });

  it('unlinks while the owner is reconnecting: it connects at once and logs out when open', async () => {
    const channel = await linkNew('Unlinked while away');
    await waitFor('QR', async () => phone.live(channel));
    await phone.live(channel)!.scan('6281200000008');
    await waitFor('connected', async () => (await stateOf(channel)) === 'connected');
    phone.unreachable = true;
    await phone.live(channel)!.close('connection_lost');
    await waitFor('reconnecting', async () => (await stateOf(channel)) === 'reconnecting');
    const opened = phone.opened(channel).length;
    const unlinking = post('/api/users/light/unlink', { channel });
    await waitFor('a try to log out', async () => phone.opened(channel).length > opened);
    phone.unreachable = false;
    const res = await unlinking;
    expect([res.statusCode, res.json<WabasicStatus>().state]).toEqual([200, 'unlinked']);
    const last = phone.opened(channel).at(-1)!;
    expect([last.loggedOut, last.loggedOutLive]).toEqual([true, true]);
    const row = await ctx.deps.db
      .selectFrom('wabasic_sessions')
      .select(['creds_sealed', 'command'])
      .where('channel_id', '=', channel)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ creds_sealed: null, command: null });
  });

  it('unlinks a number nobody runs: a process connects with the stored credentials to log out', async () => {
    const channel = await linkNew('Unlinked while stopped');
    await waitFor('QR', async () => phone.live(channel));
    await phone.live(channel)!.scan('6281200000009');
    await waitFor('connected', async () => (await stateOf(channel)) === 'connected');
    // Every process stops: the session is still linked, and nobody holds its lease.
    await supervisor.stop();
    expect(phone.live(channel)).toBeUndefined();
    await waitFor('no owner', async () => (await leases.holder(ctx.deps.db, channel)) === null);
    const opened = phone.opened(channel).length;

    const unlinking = post('/api/users/light/unlink', { channel });
    supervisor = new WabasicSupervisor(ctx.deps, {
      ...FAST,
      connector: phone,
      attach: inbox.attach,
      owner: 'process-b',
      listenUrl: ctx.databaseUrl,
    });
    await supervisor.start();
    const res = await unlinking;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WabasicStatus>().state).toBe('unlinked');
    // One new connection, logged out while it was live: WhatsApp dropped the device.
    const sessions = phone.opened(channel).slice(opened);
    expect(sessions.map((s) => [s.loggedOut, s.loggedOutLive])).toEqual([[true, true]]);
    const creds = await ctx.deps.db
      .selectFrom('wabasic_sessions')
      .select(['creds_sealed', 'command'])
      .where('channel_id', '=', channel)
      .executeTakeFirstOrThrow();
    expect(creds).toEqual({ creds_sealed: null, command: null });
    await waitFor('let go', async () => (await leases.holder(ctx.deps.db, channel)) === null);
    // It never showed as connected on the way: the page went from connected to unlinked.
    expect(await stateOf(channel)).toBe('unlinked');
  });
});
