import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { WABASIC_MAX_QR_ROTATIONS } from '@sapa/contracts';
import type { Connector } from '../../channels/whatsapp-basic/connector.js';
import type { Deps } from '../../deps.js';
import { connectionErrorLogger } from '../../lifecycle.js';
import { leases, type Lease } from './lease.js';
import { sessionsRepo } from './repo.js';
import { SessionRunner, type RunnerSettings } from './runner.js';
import type { LinkedSessionAttacher } from './session-hooks.js';

/** NOTIFY channel: a link, unlink or pairing request that a supervisor should act on now. */
export const WABASIC_NUDGE = 'wabasic_nudge';

export interface SupervisorOptions {
  connector: Connector;
  attach: LinkedSessionAttacher;
  /** This process's name in the lease rows (unique per process). */
  owner?: string;
  /** How long a lease lives without renewal: the takeover time after a crash, at most. */
  leaseTtlMs?: number;
  renewEveryMs?: number;
  /** How often unowned sessions are looked for (nudges make it sooner). */
  scanEveryMs?: number;
  backoff?: RunnerSettings['backoff'];
  maxQrRotations?: number;
  /** Database URL for LISTEN (nudges); without it the supervisor relies on its scan. */
  listenUrl?: string;
}

/**
 * One per process (worker role): claims the lease of every whatsapp_basic session that should
 * run and nobody holds, runs it (runner.ts), renews the leases it holds, carries out what the
 * admin asked of its sessions (unlink, pairing code), and closes a session the moment its
 * lease is lost. Defaults: lease 10 s, renewed every 3 s, scan every 2 s: a process killed
 * with -9 has its numbers taken over within about 12 s.
 */
export class WabasicSupervisor {
  readonly owner: string;
  private readonly runners = new Map<string, SessionRunner>();
  private readonly starting = new Set<string>();
  private readonly ttl: number;
  private timers: NodeJS.Timeout[] = [];
  private listener: pg.Client | null = null;
  private lastRenewedAt = Date.now();
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: Deps,
    private readonly opts: SupervisorOptions,
  ) {
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.ttl = opts.leaseTtlMs ?? 10_000;
  }

  private get settings(): RunnerSettings {
    return {
      connector: this.opts.connector,
      maxQrRotations: this.opts.maxQrRotations ?? WABASIC_MAX_QR_ROTATIONS,
      backoff: this.opts.backoff ?? { firstMs: 2_000, maxMs: 60_000 },
    };
  }

  /** Channels whose session runs here now. */
  owned(): string[] {
    return [...this.runners.keys()];
  }

  async start(): Promise<void> {
    const every = (ms: number, fn: () => Promise<void>) => {
      const t = setInterval(() => void fn().catch((err) => this.logError(err)), ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.opts.renewEveryMs ?? 3_000, () => this.renew());
    every(this.opts.scanEveryMs ?? 2_000, () => this.tick());
    if (this.opts.listenUrl) {
      const client = new pg.Client({ connectionString: this.opts.listenUrl });
      client.on('error', connectionErrorLogger(this.deps.log, 'whatsapp basic nudges'));
      client.on('notification', () => void this.tick().catch((err) => this.logError(err)));
      await client.connect();
      await client.query(`LISTEN ${WABASIC_NUDGE}`);
      this.listener = client;
    }
    await this.tick();
  }

  /** Shutdown: closes every session here (keeping the links) and hands the leases back. */
  async stop(): Promise<void> {
    this.halt();
    await this.ticking?.catch(() => undefined);
    await Promise.all([...this.runners.values()].map((r) => r.end(true)));
    await this.listener?.end().catch(() => undefined);
  }

  /**
   * What a kill -9 leaves (tests): the sessions' connections drop, nothing is written and the
   * leases are not handed back; another process must wait for them to expire.
   */
  async abandon(): Promise<void> {
    this.halt();
    await this.ticking?.catch(() => undefined);
    const runners = [...this.runners.values()];
    this.runners.clear();
    await Promise.all(runners.map((r) => r.end(false)));
    await this.listener?.end().catch(() => undefined);
  }

  private halt(): void {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** One pass: act on commands for the sessions here, claim the unowned ones. Never overlaps. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.ticking ??= this.pass().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async pass(): Promise<void> {
    await this.commands();
    const wanted = await sessionsRepo.wanted(this.deps.db);
    for (const { channel_id } of wanted) {
      if (this.stopped) return;
      if (this.runners.has(channel_id) || this.starting.has(channel_id)) continue;
      const lease = await leases.acquire(this.deps.db, channel_id, this.owner, this.ttl);
      // Not awaited: one number slow to connect must not hold up the others.
      if (lease) void this.run(lease);
    }
  }

  private async run(lease: Lease): Promise<void> {
    this.starting.add(lease.channelId);
    const runner = new SessionRunner(
      this.deps,
      lease,
      this.settings,
      (session) => this.opts.attach(this.deps, lease.channelId, session, lease),
      (done, release) => {
        if (this.runners.get(done.channelId) === done) this.runners.delete(done.channelId);
        if (release)
          void leases.release(this.deps.db, done.lease).catch((err) => this.logError(err));
      },
    );
    this.runners.set(lease.channelId, runner);
    this.deps.log.info(
      { channelId: lease.channelId, owner: this.owner, epoch: lease.epoch },
      'whatsapp basic: session owned here',
    );
    try {
      await runner.begin();
    } catch (err) {
      this.logError(err);
      await runner.end(true);
    } finally {
      this.starting.delete(lease.channelId);
    }
  }

  /** Unlink and pairing requests for sessions here; a session no longer wanted is closed. */
  private async commands(): Promise<void> {
    const ids = this.owned();
    if (!ids.length) return;
    const rows = await this.deps.db
      .selectFrom('wabasic_sessions as s')
      .innerJoin('channels as c', 'c.id', 's.channel_id')
      .select(['s.channel_id', 's.state', 's.command', 's.pairing_phone', 's.pairing_code'])
      .select(['c.deleted_at', 'c.disconnected_at'])
      .where('s.channel_id', 'in', ids)
      .execute();
    for (const row of rows) {
      const runner = this.runners.get(row.channel_id);
      if (!runner?.running) continue;
      if (row.command === 'logout') await runner.unlink();
      else if (row.deleted_at || row.disconnected_at) await runner.end(true);
      else if (row.pairing_phone && !row.pairing_code) await runner.pair(row.pairing_phone);
    }
  }

  /**
   * Renews every lease held here in one statement. A lease not renewed (expired, taken) closes
   * its session at once; so does every session when renewing has failed for longer than the
   * lease lives (the database unreachable: another process may own them by now).
   */
  private async renew(): Promise<void> {
    const held = [...this.runners.values()].map((r) => r.lease);
    if (!held.length) {
      this.lastRenewedAt = Date.now();
      return;
    }
    let kept: Set<string>;
    try {
      kept = await leases.renew(this.deps.db, held, this.ttl);
      this.lastRenewedAt = Date.now();
    } catch (err) {
      this.logError(err);
      // With a margin: the last renewal's expiry was counted from before it answered.
      if (Date.now() - this.lastRenewedAt < this.ttl * 0.8) return;
      kept = new Set();
    }
    for (const lease of held) {
      if (kept.has(lease.channelId)) continue;
      const runner = this.runners.get(lease.channelId);
      if (runner?.lease !== lease) continue;
      this.deps.log.warn({ channelId: lease.channelId }, 'whatsapp basic: lease lost');
      await runner.end(false);
    }
  }

  private logError(err: unknown): void {
    connectionErrorLogger(this.deps.log, 'whatsapp basic supervisor')(err);
  }
}

/** Wakes the supervisors (any process) to act on a session now rather than at their next scan. */
export async function nudgeSupervisors(deps: Pick<Deps, 'pool'>, channelId: string): Promise<void> {
  await deps.pool.query('SELECT pg_notify($1, $2)', [WABASIC_NUDGE, channelId]);
}
