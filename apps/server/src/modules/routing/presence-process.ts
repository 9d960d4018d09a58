import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Deps } from '../../deps.js';
import { presenceRepo } from './presence.repo.js';
import { PresenceService, presentPresence } from './presence.service.js';

type ProcessDeps = Pick<Deps, 'db' | 'clock' | 'events' | 'log'>;

export interface PresenceProcessOptions {
  heartbeatMs?: number;
  /** A process not seen for this long is dead: its share of presence is taken out. */
  staleMs?: number;
}

/**
 * This server process as presence knows it. Sockets are counted per process, the process
 * heartbeats, and every heartbeat also sweeps processes that stopped beating (a crash, a kill
 * -9), taking their sockets out of the users' counts so nobody stays "online" — and keeps
 * getting chats — because the process that held their socket died.
 */
export class PresenceProcess {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;
  private readonly staleMs: number;
  private readonly service: PresenceService;
  /** Sockets this process holds per user, to count them back in if a sweep took us out. */
  private readonly local = new Map<string, { accountId: string; n: number }>();

  constructor(
    private readonly deps: ProcessDeps,
    options: PresenceProcessOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.staleMs = options.staleMs ?? 45_000;
    this.service = new PresenceService(deps, this.id);
  }

  async start(): Promise<void> {
    await this.register();
    this.timer = setInterval(() => {
      void this.beat().catch((err: unknown) =>
        this.deps.log.warn({ err }, 'presence heartbeat failed'),
      );
    }, this.heartbeatMs);
    this.timer.unref();
  }

  async connected(who: { accountId: string; userId: string }) {
    const entry = this.local.get(who.userId) ?? { accountId: who.accountId, n: 0 };
    entry.n++;
    this.local.set(who.userId, entry);
    return this.service.connected(who);
  }

  async disconnected(who: { accountId: string; userId: string }) {
    const entry = this.local.get(who.userId);
    if (entry && --entry.n <= 0) this.local.delete(who.userId);
    return this.service.disconnected(who);
  }

  /** Marks this process alive (coming back in if it was swept), then sweeps the dead. */
  async beat(): Promise<void> {
    const now = this.deps.clock.now();
    const seen = await this.deps.db
      .updateTable('server_processes')
      .set({ seen_at: now })
      .where('id', '=', this.id)
      .executeTakeFirst();
    if (seen.numUpdatedRows === 0n) await this.register();
    await sweepDeadProcesses(this.deps, new Date(now.getTime() - this.staleMs));
  }

  /** A clean shutdown: this process's sockets leave presence now, not after the stale time. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.deps.db
      .updateTable('server_processes')
      .set({ seen_at: new Date(0) })
      .where('id', '=', this.id)
      .execute();
    await sweepDeadProcesses(this.deps, new Date(1));
  }

  private async register(): Promise<void> {
    await this.deps.db
      .insertInto('server_processes')
      .values({ id: this.id, seen_at: this.deps.clock.now() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: this.deps.clock.now() }))
      .execute();
    // After a sweep took us out, the sockets we still hold count again.
    for (const [userId, { accountId, n }] of this.local) {
      for (let i = 0; i < n; i++)
        await presenceRepo.change(
          this.deps.db,
          accountId,
          userId,
          this.deps.clock.now(),
          presenceRepo.connected(this.id),
        );
    }
  }
}

/**
 * Takes every process last seen before `cutoff` out of presence in one statement: its rows go,
 * and each user's count drops by the sockets it held. Users who changed are announced.
 */
export async function sweepDeadProcesses(deps: ProcessDeps, cutoff: Date): Promise<number> {
  const { rows } = await sql<{ user_id: string; account_id: string }>`
    WITH dead AS (
      DELETE FROM server_processes WHERE seen_at < ${cutoff} RETURNING id
    ), gone AS (
      DELETE FROM presence_sockets s USING dead WHERE s.process_id = dead.id
      RETURNING s.user_id, s.connections
    ), per_user AS (
      SELECT user_id, sum(connections)::int AS n FROM gone GROUP BY user_id
    )
    UPDATE user_presence p SET connections = greatest(p.connections - per_user.n, 0)
    FROM per_user WHERE p.user_id = per_user.user_id AND per_user.n > 0
    RETURNING p.user_id, p.account_id`.execute(deps.db);
  for (const r of rows) {
    const after = await presenceRepo.findOne(deps.db, r.account_id, r.user_id);
    if (after)
      deps.events.publish({
        type: 'presence.updated',
        accountId: r.account_id,
        presence: presentPresence(after),
      });
  }
  return rows.length;
}
