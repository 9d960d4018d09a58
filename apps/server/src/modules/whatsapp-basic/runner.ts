import type {
  CloseReason,
  Connector,
  ConnectorSession,
  SessionEvent,
} from '../../channels/whatsapp-basic/connector.js';
import type { Deps } from '../../deps.js';
import { reportHealthy, reportProblem } from '../channels/health.js';
import type { Lease } from './lease.js';
import { sessionsRepo } from './repo.js';
import type { LinkedSessionHooks } from './session-hooks.js';
import { publishState } from './state.js';
import { LeaseLostError, PgSessionStore, clearSession } from './store.js';

export interface RunnerSettings {
  connector: Connector;
  maxQrRotations: number;
  backoff: { firstMs: number; maxMs: number };
}

/** Closes that end the link for good: retrying would only loop (and risk the number). */
const FINAL: ReadonlySet<CloseReason> = new Set(['logged_out', 'forbidden']);
/** Connections tried for a logout asked while not connected, before forgetting it anyway. */
const UNLINK_TRIES = 3;

/** Reconnect delay after `attempt` failed tries: doubling, capped, ±20 % so numbers spread out. */
export function backoffMs(attempt: number, b: RunnerSettings['backoff'], rnd = Math.random()) {
  const base = Math.min(b.maxMs, b.firstMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * rnd));
}

/**
 * One linked number's session in the process that holds its lease: opens it with the
 * configured connector, records its states, reconnects with backoff, and ends it when the link
 * ends (logged out, QR expired, unlinked) or the lease is lost. `onDone` tells the supervisor
 * to forget it (and whether to release the lease).
 */
export class SessionRunner {
  private session: ConnectorSession | null = null;
  private hooks: LinkedSessionHooks | null = null;
  private attempts = 0;
  private qrCount = 0;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private unlinking = false;
  /** The session reported open (connected to WhatsApp) and has not closed since. */
  private isOpen = false;
  /**
   * Unlink asked while not connected: WhatsApp hears a logout only over a connection, so the
   * session connects with the stored credentials and logs out the moment it is open.
   */
  private unlinkOnOpen = false;
  /** Failed tries to connect for that logout (then the session is forgotten regardless). */
  private unlinkTries = 0;

  constructor(
    private readonly deps: Deps,
    readonly lease: Lease,
    private readonly settings: RunnerSettings,
    private readonly attach: (session: () => ConnectorSession) => Promise<LinkedSessionHooks>,
    private readonly onDone: (runner: SessionRunner, release: boolean) => void,
  ) {}

  get channelId(): string {
    return this.lease.channelId;
  }

  get running(): boolean {
    return !this.stopped;
  }

  async begin(): Promise<void> {
    const { db } = this.deps;
    const row = await sessionsRepo.byChannel(db, this.channelId);
    if (!row) return this.finish(true);
    if (row.command === 'logout') {
      // Unlinked while nobody ran it. Without credentials there is no device to log out;
      // with them the phone would list the device for good: connect, then log out.
      if (!(await sessionsRepo.hasCreds(db, this.channelId))) {
        await this.finishUnlink();
        return this.finish(true);
      }
      this.unlinkOnOpen = true;
    }
    this.qrCount = row.qr_rotation;
    this.hooks = await this.attach(() => {
      if (!this.session) throw new Error('session not open');
      return this.session;
    });
    await this.connect();
  }

  private async connect(): Promise<void> {
    this.retry = null;
    if (this.stopped) return;
    const store = new PgSessionStore(this.deps.db, this.deps.secrets, this.lease);
    const hooks = this.hooks!;
    const session: ConnectorSession = this.settings.connector.open({
      channelId: this.channelId,
      store,
      // Drivers hand group chats over; the inbox keeps or drops them by the channel's current
      // setting (read per batch), so the admin's switch needs no reconnect to apply.
      includeGroups: true,
      sentMessage: (id) => hooks.sentMessage(id),
      onEvent: (event) => this.handle(session, event),
    });
    this.session = session;
    try {
      await session.start();
    } catch (err) {
      if (this.session !== session || this.stopped) return;
      if (err instanceof LeaseLostError) return this.loseLease();
      this.deps.log.warn({ err, channelId: this.channelId }, 'whatsapp basic: start failed');
      await this.scheduleRetry('unknown', err instanceof Error ? err.message : null);
    }
  }

  private async handle(session: ConnectorSession, event: SessionEvent): Promise<void> {
    // Events of a session this runner already left behind (closed, replaced) change nothing.
    if (session !== this.session || this.stopped) return;
    if (this.unlinkOnOpen && event.kind === 'open') {
      // Connected only to log out: not 'connected', no sends. Not awaited here: the driver
      // answers the logout on the chain that is waiting for this handler.
      this.isOpen = true;
      setImmediate(() => void this.unlink().catch((err) => this.fail(err)));
      return;
    }
    if (this.unlinkOnOpen && event.kind === 'qr') {
      // The stored credentials no longer work: nothing is linked to log out.
      setImmediate(() => void this.forgetUnlinked().catch((err) => this.fail(err)));
      return;
    }
    // The inbox hears a close before anything reacts to it (a reconnect, a detach).
    if (event.kind === 'close') await this.hooks?.onEvent(event);
    try {
      await this.track(event);
    } catch (err) {
      if (err instanceof LeaseLostError) return this.loseLease();
      throw err;
    }
    if (event.kind !== 'close') await this.hooks?.onEvent(event);
  }

  private async track(event: SessionEvent): Promise<void> {
    const { db } = this.deps;
    switch (event.kind) {
      case 'qr': {
        this.qrCount += 1;
        if (this.qrCount > this.settings.maxQrRotations) return this.expireQr();
        await sessionsRepo.update(db, this.channelId, {
          state: 'linking',
          reason: null,
          qr_sealed: this.deps.secrets.seal(event.qr),
          qr_expires_at: event.expiresAt,
          qr_rotation: this.qrCount,
        });
        return this.publish();
      }
      case 'connecting': {
        // While linking the page keeps the QR; otherwise it says it is connecting.
        const changed = await sessionsRepo.update(db, this.channelId, { state: 'connecting' }, [
          'connecting',
          'connected',
          'reconnecting',
        ]);
        if (changed) await this.publish();
        return;
      }
      case 'open': {
        this.isOpen = true;
        this.attempts = 0;
        this.qrCount = 0;
        const now = this.deps.clock.now();
        const row = await sessionsRepo.byChannel(db, this.channelId);
        // Linked again after a logout: the incident ends, before the state says connected (a
        // page that sees 'connected' must not still see "needs attention").
        await reportHealthy(this.deps, this.channelId);
        await sessionsRepo.update(db, this.channelId, {
          state: 'connected',
          reason: null,
          qr_sealed: null,
          qr_expires_at: null,
          qr_rotation: 0,
          pairing_phone: null,
          pairing_code: null,
          phone: event.account.phone,
          push_name: event.account.name,
          lid: event.account.lid,
          linked_at: event.firstLink || !row?.linked_at ? now : row.linked_at,
          last_connected_at: now,
        });
        await db
          .updateTable('channels')
          .set({ display_phone_number: event.account.phone })
          .where('id', '=', this.channelId)
          .execute();
        return this.publish();
      }
      case 'close':
        return this.closed(event.reason, event.detail);
      default:
        return;
    }
  }

  private async closed(reason: CloseReason, detail: string | null): Promise<void> {
    this.session = null;
    this.isOpen = false;
    if (this.unlinking) return;
    if (this.unlinkOnOpen) {
      // Logged out already at WhatsApp, or it cannot be reached after a few tries: forget
      // the session anyway (the admin asked; the phone may list the device until it is removed).
      this.unlinkTries += 1;
      if (FINAL.has(reason) || this.unlinkTries >= UNLINK_TRIES) return this.forgetUnlinked();
    }
    if (FINAL.has(reason))
      return this.loggedOut(reason === 'forbidden' ? 'forbidden' : 'logged_out');
    // After the first scan WhatsApp closes once so the client reconnects with its new
    // credentials: at once, not a failure. A QR that ran out is replaced by a new one.
    if (reason === 'restart_required' || reason === 'qr_expired') {
      if (reason === 'qr_expired' && this.qrCount >= this.settings.maxQrRotations)
        return this.expireQr();
      return this.reconnectIn(0);
    }
    await this.scheduleRetry(reason, detail);
  }

  private async scheduleRetry(reason: CloseReason, detail: string | null): Promise<void> {
    this.attempts += 1;
    const delay = backoffMs(this.attempts, this.settings.backoff);
    this.deps.log.info(
      { channelId: this.channelId, reason, detail, attempt: this.attempts, delay },
      'whatsapp basic: reconnecting',
    );
    // A link still waiting for its scan stays `linking` (its QR page); anything else shows it.
    const changed = await sessionsRepo.update(
      this.deps.db,
      this.channelId,
      { state: 'reconnecting', reason },
      ['connecting', 'connected', 'reconnecting'],
    );
    if (changed) await this.publish();
    this.reconnectIn(delay);
  }

  /** Never inside the closed session's event: its driver is still winding it down. */
  private reconnectIn(delay: number): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => void this.connect().catch((err) => this.fail(err)), delay);
  }

  private async loggedOut(problem: 'logged_out' | 'forbidden'): Promise<void> {
    const { db } = this.deps;
    this.deps.log.warn({ channelId: this.channelId, problem }, 'whatsapp basic: logged out');
    // Logged out, the credentials are worthless: the next link starts from a new QR.
    if (problem === 'logged_out') await clearSession(db, this.channelId);
    // "Needs attention" first: whoever sees the state logged_out sees the incident too.
    await reportProblem(this.deps, this.channelId, problem);
    await sessionsRepo.update(db, this.channelId, {
      state: 'logged_out',
      reason: problem,
      qr_sealed: null,
      qr_expires_at: null,
    });
    await this.publish();
    await this.end(true);
  }

  private async expireQr(): Promise<void> {
    const session = this.session;
    this.session = null;
    await sessionsRepo.update(this.deps.db, this.channelId, {
      state: 'qr_expired',
      reason: 'qr_expired',
      qr_sealed: null,
      qr_expires_at: null,
    });
    await this.publish();
    await session?.end().catch(() => undefined);
    await this.end(true);
  }

  /**
   * The admin asked to unlink (the `logout` command): log the device out at WhatsApp, over the
   * open connection, or over one opened for it when it is not connected right now.
   */
  async unlink(): Promise<void> {
    if (this.stopped || this.unlinking) return;
    if (!this.isOpen) {
      if (!(await sessionsRepo.hasCreds(this.deps.db, this.channelId)))
        return this.forgetUnlinked();
      if (this.unlinkOnOpen) return;
      this.unlinkOnOpen = true;
      // Waiting out a reconnect backoff: connect now instead.
      if (this.retry) {
        clearTimeout(this.retry);
        this.reconnectIn(0);
      }
      return;
    }
    this.unlinking = true;
    const session = this.session;
    this.session = null;
    try {
      await session?.logout();
    } catch (err) {
      // Not connected right now: the phone will drop the device when it next looks.
      this.deps.log.info({ err, channelId: this.channelId }, 'whatsapp basic: logout not sent');
    }
    await this.finishUnlink();
    await this.end(true);
  }

  /** Unlinked with no device to log out (none linked, or its credentials stopped working). */
  private async forgetUnlinked(): Promise<void> {
    if (this.stopped || this.unlinking) return;
    this.unlinking = true;
    const session = this.session;
    this.session = null;
    await session?.end().catch(() => undefined);
    await this.finishUnlink();
    await this.end(true);
  }

  private async finishUnlink(): Promise<void> {
    const { db } = this.deps;
    await clearSession(db, this.channelId);
    await sessionsRepo.update(db, this.channelId, {
      state: 'unlinked',
      reason: null,
      command: null,
      qr_sealed: null,
      qr_expires_at: null,
      qr_rotation: 0,
      pairing_phone: null,
      pairing_code: null,
      phone: null,
      push_name: null,
      lid: null,
      linked_at: null,
    });
    await reportHealthy(this.deps, this.channelId);
    await this.publish();
  }

  /** The pairing-code alternative, asked for by the admin while linking. */
  async pair(phone: string): Promise<void> {
    let code: string | null = null;
    try {
      if (!this.session) throw new Error('no session open');
      code = await this.session.requestPairingCode(phone.replace(/\D/g, ''));
    } catch (err) {
      this.deps.log.warn({ err, channelId: this.channelId }, 'whatsapp basic: no pairing code');
    }
    // No code: the request is withdrawn (phone cleared), which the waiting route reports.
    await sessionsRepo.update(
      this.deps.db,
      this.channelId,
      code ? { pairing_code: code } : { pairing_phone: null, pairing_code: null },
    );
  }

  /** The session moved elsewhere or this process stops: close it, keeping the link. */
  async end(release: boolean): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const session = this.session;
    this.session = null;
    await session
      ?.end()
      .catch((err: unknown) =>
        this.deps.log.debug({ err, channelId: this.channelId }, 'whatsapp basic: end'),
      );
    await this.hooks
      ?.detach()
      .catch((err: unknown) =>
        this.deps.log.warn({ err, channelId: this.channelId }, 'whatsapp basic: detach failed'),
      );
    this.finish(release);
  }

  private finish(release: boolean): void {
    this.stopped = true;
    this.onDone(this, release);
  }

  private loseLease(): Promise<void> {
    this.deps.log.warn({ channelId: this.channelId }, 'whatsapp basic: lease lost, session closed');
    return this.end(false);
  }

  private fail(err: unknown): void {
    this.deps.log.error({ err, channelId: this.channelId }, 'whatsapp basic: session failed');
    void this.end(true);
  }

  private publish(): Promise<void> {
    return publishState(this.deps, this.channelId);
  }
}
