import type {
  CloseReason,
  Connector,
  ConnectorSession,
  SessionEvent,
  SessionOptions,
} from '../channels/whatsapp-basic/connector.js';
import type { LinkedSessionAttacher } from '../modules/whatsapp-basic/session-hooks.js';

/**
 * A connector double for the supervisor's tests (tests only, never a driver): a "phone" per
 * channel that the test scans, drops or logs out, and a count of sessions live at once per
 * channel (the lease must keep it at one). Credentials are written through the real store, so
 * a session that finds some opens without a QR, as a real one would.
 */
export class PhoneDouble implements Connector {
  readonly driver = 'sandbox' as const;
  readonly sessions: DoubleSession[] = [];
  private readonly liveNow = new Map<string, number>();
  readonly mostLiveAtOnce = new Map<string, number>();
  /** QRs each session shows on start (the test emits more with `rotate`). */
  qrsPerStart = 1;
  /** WhatsApp cannot be reached: a session with credentials closes as it starts. */
  unreachable = false;

  open(options: SessionOptions): ConnectorSession {
    const session = new DoubleSession(this, options);
    this.sessions.push(session);
    return session;
  }

  /** The newest session of the channel that has not ended. */
  live(channelId: string): DoubleSession | undefined {
    return [...this.sessions].reverse().find((s) => s.channelId === channelId && s.isLive);
  }

  opened(channelId: string): DoubleSession[] {
    return this.sessions.filter((s) => s.channelId === channelId);
  }

  began(channelId: string): void {
    const n = (this.liveNow.get(channelId) ?? 0) + 1;
    this.liveNow.set(channelId, n);
    this.mostLiveAtOnce.set(channelId, Math.max(n, this.mostLiveAtOnce.get(channelId) ?? 0));
  }

  finished(channelId: string): void {
    this.liveNow.set(channelId, (this.liveNow.get(channelId) ?? 1) - 1);
  }
}

export class DoubleSession implements ConnectorSession {
  private started = false;
  private ended = false;
  loggedOut = false;
  loggedOutLive = false;
  readonly pairingRequests: string[] = [];

  constructor(
    private readonly phone: PhoneDouble,
    private readonly options: SessionOptions,
  ) {}

  get channelId(): string {
    return this.options.channelId;
  }

  get isLive(): boolean {
    return this.started && !this.ended;
  }

  private emit(event: SessionEvent): Promise<void> {
    return this.options.onEvent(event);
  }

  async start(): Promise<void> {
    this.started = true;
    this.phone.began(this.channelId);
    const creds = await this.options.store.readCreds();
    await this.emit({ kind: 'connecting' });
    if (creds && this.phone.unreachable) return this.close('connection_lost');
    if (creds) {
      const { phone } = JSON.parse(creds) as { phone: string };
      await this.emit({
        kind: 'open',
        account: { phone, name: 'Toko Sapa', lid: null },
        firstLink: false,
      });
      return;
    }
    for (let i = 0; i < this.phone.qrsPerStart; i++) await this.rotate();
  }

  async rotate(): Promise<void> {
    await this.emit({
      kind: 'qr',
      qr: `2@double-qr-${Math.random().toString(36).slice(2)}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  }

  /** The phone scans the QR: credentials are saved, then WhatsApp asks for a restart (515). */
  async scan(phone: string): Promise<void> {
    await this.options.store.writeCreds(JSON.stringify({ phone, secret: 'noise-key-material' }));
    await this.options.store.writeKeys({ 'pre-key': { '1': 'pre-key-one', '2': 'pre-key-two' } });
    await this.close('restart_required');
  }

  /** The connection closes for `reason` (the session is over; the supervisor opens another). */
  async close(reason: CloseReason): Promise<void> {
    this.stop();
    await this.emit({ kind: 'close', reason, detail: null });
  }

  async requestPairingCode(phoneDigits: string): Promise<string> {
    this.pairingRequests.push(phoneDigits);
    return 'SAPA-1234';
  }

  send(): Promise<{ providerMessageId: string; timestamp: Date }> {
    return Promise.reject(new Error('the double does not send'));
  }

  markRead(): Promise<void> {
    return Promise.resolve();
  }

  fetchMedia(): Promise<never> {
    return Promise.reject(new Error('the double has no media'));
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    // WhatsApp hears a logout only over a live connection.
    this.loggedOutLive = this.isLive;
    await this.options.store.clear();
    this.stop();
  }

  async end(): Promise<void> {
    this.stop();
  }

  private stop(): void {
    if (!this.started || this.ended) return;
    this.ended = true;
    this.phone.finished(this.channelId);
  }
}

/** An inbox stand-in that records what reached it (the real one is the inbox module's). */
export function recordingAttacher(): {
  attach: LinkedSessionAttacher;
  seen: { channelId: string; kind: SessionEvent['kind'] }[];
  detached: string[];
} {
  const seen: { channelId: string; kind: SessionEvent['kind'] }[] = [];
  const detached: string[] = [];
  return {
    seen,
    detached,
    attach: (_deps, channelId) =>
      Promise.resolve({
        includeGroups: false,
        onEvent: (event) => {
          seen.push({ channelId, kind: event.kind });
          return Promise.resolve();
        },
        sentMessage: () => Promise.resolve(null),
        detach: () => {
          detached.push(channelId);
          return Promise.resolve();
        },
      }),
  };
}
