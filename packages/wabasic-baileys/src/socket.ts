import makeWASocket, {
  Browsers,
  DEFAULT_CONNECTION_CONFIG,
  downloadMediaMessage,
  generateMessageIDV2,
  makeCacheableSignalKeyStore,
  type AnyMessageContent,
  type BaileysEventMap,
  type WAMessage,
  type WAMessageKey,
  type WASocket,
} from 'baileys';
import type {
  FetchedMedia,
  InboundMediaRef,
  OutboundMessage,
} from '../../../apps/server/src/channels/port.js';
import type {
  ConnectorSession,
  SessionOptions,
} from '../../../apps/server/src/channels/whatsapp-basic/connector.js';
import type { FileStorage } from '../../../apps/server/src/lib/storage.js';
import { loadStoreAuth, type StoreAuth } from './auth.js';
import {
  closeReasonOf,
  decodeMediaHandle,
  identityOfMapping,
  messagesToSessionEvents,
  reactionsToEvents,
  receiptsToEvents,
  statusCodeOf,
  updatesToEvents,
  upsertOrigin,
  type MapContext,
} from './events.js';
import type { WaDisconnect, WaMessage } from './shapes.js';

/** Baileys' logger type (pino-compatible; the server's Fastify logger fits). */
export type ILogger = NonNullable<Parameters<typeof makeCacheableSignalKeyStore>[1]>;

/** The server's ProviderError class, handed in by the loader (this package is its own bundle). */
export type ProviderErrorClass = new (
  info: { code: number | null; title: string; message: string },
  retryable: boolean,
  status: number | null,
  kind?: string,
) => Error;

export interface BaileysDeps {
  log: ILogger;
  storage: FileStorage;
  ProviderError: ProviderErrorClass;
}

// Baileys shows the first QR for 60 s and each next one for 20 s (src/Socket/socket.ts).
const FIRST_QR_MS = 60_000;
const NEXT_QR_MS = 20_000;
const SENT_IDS_KEPT = 5_000;

/** How long a new group's subject is waited for before its messages go on without it. */
const SUBJECT_WAIT_MS = 5_000;

/** One WhatsApp number linked through Baileys: one socket per start(), as the port says. */
export class BaileysSession implements ConnectorSession {
  private sock: WASocket | null = null;
  private auth: StoreAuth | null = null;
  private chain: Promise<void> = Promise.resolve();
  private ended = false;
  private isOpen = false;
  /** Until WhatsApp has handed over what arrived while Sapa was away (offline delivery). */
  private offlinePending = true;
  private qrCount = 0;
  private sentIds = new Set<string>();
  /** Group subjects seen (groups.upsert/update) or asked (groupMetadata), by JID. */
  private readonly subjects = new Map<string, string>();
  private readonly ctx: MapContext;

  constructor(
    private readonly deps: BaileysDeps,
    private readonly options: SessionOptions,
  ) {
    this.ctx = {
      channelId: options.channelId,
      includeGroups: options.includeGroups,
      sentBySapa: (id) => this.sentIds.has(id),
      groupSubject: (jid) => this.subjects.get(jid) ?? null,
    };
  }

  /** Events in order; a handler that fails ends the socket so WhatsApp offers its items again. */
  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((err: unknown) => {
      this.deps.log.error(
        { err, channelId: this.options.channelId },
        'wabasic baileys: handler failed',
      );
      this.sock?.end(new Error('handler failed'));
    });
  }

  async start(): Promise<void> {
    if (this.sock) throw new Error('This session is already connected; end() it first');
    this.ended = false;
    this.qrCount = 0;
    this.isOpen = false;
    this.offlinePending = true;
    this.auth = await loadStoreAuth(this.options.store);
    await this.options.onEvent({ kind: 'connecting' });
    const auth = this.auth;
    const sock = makeWASocket({
      // Pinned: the WA Web version this Baileys release ships with, no fetch at start.
      version: DEFAULT_CONNECTION_CONFIG.version,
      auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, this.deps.log) },
      browser: Browsers.ubuntu('Sapa'),
      logger: this.deps.log,
      // Off, so the phone keeps notifying its owner.
      markOnlineOnConnect: false,
      // Sapa's own sends are not echoed locally (the inbox already has them).
      emitOwnEvents: false,
      getMessage: (key) => this.getMessage(key),
    });
    this.sock = sock;
    sock.ev.on('creds.update', () => this.enqueue(() => auth.saveCreds()));
    sock.ev.on('connection.update', (u) => this.enqueue(() => this.onConnection(sock, u)));
    sock.ev.on('messages.upsert', (u) =>
      this.emitMessages(() => upsertOrigin(u.type, this.offlinePending), u.messages as WaMessage[]),
    );
    sock.ev.on('messaging-history.set', (h) =>
      this.emitMessages(() => 'caught_up', h.messages as WaMessage[], h.lidPnMappings ?? []),
    );
    sock.ev.on('messages.update', (u) =>
      this.emitNeutral(updatesToEvents(this.ctx, u, new Date())),
    );
    sock.ev.on('message-receipt.update', (r) => this.emitNeutral(receiptsToEvents(this.ctx, r)));
    sock.ev.on('messages.reaction', (r) =>
      this.emitNeutral(reactionsToEvents(this.ctx, r, new Date())),
    );
    const learn = (groups: { id?: string; subject?: string }[]) => {
      for (const g of groups) if (g.id && g.subject) this.subjects.set(g.id, g.subject);
    };
    sock.ev.on('groups.upsert', learn);
    sock.ev.on('groups.update', learn);
    sock.ev.on('lid-mapping.update', (m) =>
      this.enqueue(async () => {
        const identity = identityOfMapping(m);
        if (identity) await this.options.onEvent({ kind: 'identity', ...identity });
      }),
    );
  }

  /** `origin` is asked in turn, after the connection updates emitted before these messages. */
  private emitMessages(
    origin: () => 'live' | 'caught_up',
    messages: WaMessage[],
    mappings: BaileysEventMap['lid-mapping.update'][] = [],
  ): void {
    this.enqueue(async () => {
      if (this.options.includeGroups) await this.askSubjects(messages);
      for (const event of messagesToSessionEvents(this.ctx, origin(), messages, mappings))
        await this.options.onEvent(event);
    });
  }

  /** The subject of a group not seen yet, asked once (a failure leaves the chat's name as is). */
  private async askSubjects(messages: WaMessage[]): Promise<void> {
    const sock = this.sock;
    const unknown = new Set(
      messages
        .map((m) => m.key.remoteJid ?? '')
        .filter((jid) => jid.endsWith('@g.us') && !this.subjects.has(jid)),
    );
    for (const jid of unknown) {
      try {
        // Bounded: the event chain waits on it, and WhatsApp's query timeout is a minute.
        const meta = await Promise.race([
          sock?.groupMetadata(jid),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), SUBJECT_WAIT_MS).unref()),
        ]);
        if (meta?.subject) this.subjects.set(jid, meta.subject);
      } catch (err) {
        this.deps.log.warn({ err, jid }, 'wabasic baileys: group subject unavailable');
      }
    }
  }

  private emitNeutral(events: ReturnType<typeof updatesToEvents>): void {
    if (!events.length) return;
    this.enqueue(() => this.options.onEvent({ kind: 'events', origin: 'live', events }));
  }

  private async onConnection(
    sock: WASocket,
    u: BaileysEventMap['connection.update'],
  ): Promise<void> {
    const auth = this.auth;
    if (!auth) return;
    if (u.qr) {
      this.qrCount += 1;
      const ttl = this.qrCount === 1 ? FIRST_QR_MS : NEXT_QR_MS;
      await this.options.onEvent({ kind: 'qr', qr: u.qr, expiresAt: new Date(Date.now() + ttl) });
    }
    // A scan linked the device; WhatsApp now closes with 515 and the next socket opens.
    if (u.isNewLogin) await auth.saveCreds(true);
    if (u.receivedPendingNotifications) this.offlinePending = false;
    if (u.connection === 'open') {
      this.isOpen = true;
      const me = auth.creds.me;
      const firstLink = auth.firstOpenPending;
      if (firstLink) await auth.saveCreds(false);
      await this.options.onEvent({
        kind: 'open',
        account: {
          phone: (me?.id ?? '').split('@')[0]?.split(':')[0] ?? '',
          name: me?.name ?? null,
          lid: me?.lid ? `${me.lid.split('@')[0]?.split(':')[0]}@lid` : null,
        },
        firstLink,
      });
    }
    if (u.connection === 'close') {
      if (this.sock === sock) this.sock = null;
      this.isOpen = false;
      const disconnect = (u.lastDisconnect ?? null) as WaDisconnect | null;
      const reason = this.ended
        ? 'connection_closed'
        : closeReasonOf(statusCodeOf(disconnect), this.qrCount > 0 && !auth.hadCreds);
      if (reason === 'logged_out') await this.options.store.clear();
      const message = disconnect?.error?.message ?? null;
      await this.options.onEvent({
        kind: 'close',
        reason,
        detail: message && message !== reason ? message : null,
      });
    }
  }

  private async getMessage(
    key: WAMessageKey,
  ): Promise<NonNullable<WAMessage['message']> | undefined> {
    if (!key.id) return undefined;
    const sent = await this.options.sentMessage(key.id);
    if (sent?.type === 'text') return { conversation: sent.text };
    // Media would have to be uploaded again to re-encrypt; WhatsApp then shows the customer
    // "waiting for this message" rather than a wrong one.
    return undefined;
  }

  private connected(): WASocket {
    if (!this.sock || !this.isOpen)
      throw new this.deps.ProviderError(
        {
          code: null,
          title: 'Not connected',
          message: 'The linked number is not connected right now',
        },
        true,
        null,
        'temporarily_unavailable',
      );
    return this.sock;
  }

  async requestPairingCode(phoneDigits: string): Promise<string> {
    const sock = this.sock;
    if (!sock) throw new Error('Start the session before asking for a pairing code');
    return sock.requestPairingCode(phoneDigits.replace(/\D/g, ''));
  }

  private async contentOf(message: OutboundMessage): Promise<AnyMessageContent> {
    if (message.type === 'text') return { text: message.text };
    if (message.type !== 'media')
      throw new this.deps.ProviderError(
        {
          code: null,
          title: 'Not supported',
          message: 'A linked number sends text and media only',
        },
        false,
        null,
        'invalid_request',
      );
    const { media } = message;
    const stream = { stream: await this.deps.storage.open(media.storageKey) };
    const caption = message.caption ?? undefined;
    switch (media.kind) {
      case 'image':
        return { image: stream, caption, mimetype: media.mimeType };
      case 'video':
        return { video: stream, caption, mimetype: media.mimeType };
      case 'audio':
        return { audio: stream, mimetype: media.mimeType };
      case 'document':
        return {
          document: stream,
          caption,
          mimetype: media.mimeType,
          fileName: media.filename ?? 'file',
        };
    }
  }

  async send(message: OutboundMessage): Promise<{ providerMessageId: string; timestamp: Date }> {
    const sock = this.connected();
    const content = await this.contentOf(message);
    const jid = await this.addressOf(sock, message.to);
    const replyTo = 'replyToProviderId' in message ? message.replyToProviderId : null;
    let quoted: WAMessage | undefined;
    if (replyTo) {
      // Baileys builds contextInfo from the quoted key; ours are known by sentMessage.
      const own = await this.options.sentMessage(replyTo);
      quoted = {
        key: { remoteJid: jid, id: replyTo, fromMe: !!own },
        message: { conversation: own?.type === 'text' ? own.text : '' },
      };
    }
    const messageId = generateMessageIDV2(sock.user?.id);
    this.remember(messageId);
    // From here it may have gone out: failures are plain errors (in doubt, never re-sent).
    const sent = await sock.sendMessage(jid, content, { quoted, messageId });
    return { providerMessageId: sent?.key.id ?? messageId, timestamp: new Date() };
  }

  /**
   * A phone JID whose customer WhatsApp moved to a LID is sent to by the LID: sends to the
   * phone JID of such a contact have been dropped silently (Baileys #1718, #2042).
   */
  private async addressOf(sock: WASocket, identifier: string): Promise<string> {
    const jid = jidOf(identifier);
    if (!jid.endsWith('@s.whatsapp.net')) return jid;
    const lid = await sock.signalRepository.lidMapping.getLIDForPN(jid).catch(() => null);
    return lid ?? jid;
  }

  private remember(id: string): void {
    this.sentIds.add(id);
    if (this.sentIds.size > SENT_IDS_KEPT) {
      const oldest = this.sentIds.values().next().value;
      if (oldest !== undefined) this.sentIds.delete(oldest);
    }
  }

  async markRead(customer: string, providerMessageIds: string[]): Promise<void> {
    const sock = this.connected();
    const remoteJid = jidOf(customer);
    await sock.readMessages(providerMessageIds.map((id) => ({ remoteJid, id, fromMe: false })));
  }

  async fetchMedia(media: InboundMediaRef): Promise<FetchedMedia> {
    const handle = media.source === 'provider_id' ? decodeMediaHandle(media.providerMediaId) : null;
    if (!handle)
      throw new this.deps.ProviderError(
        {
          code: null,
          title: 'Unknown media',
          message: 'This attachment reference is not a Baileys one',
        },
        false,
        null,
        'invalid_request',
      );
    const content = {
      url: handle.url,
      directPath: handle.directPath,
      mediaKey: Buffer.from(handle.mediaKey, 'base64'),
      mimetype: handle.mimetype,
    };
    const msg: WAMessage = { key: {}, message: { [`${handle.kind}Message`]: content } };
    const bytes = await downloadMediaMessage(msg, 'buffer', {});
    return { bytes, mimeType: handle.mimetype.split(';')[0]?.trim() || handle.mimetype };
  }

  /**
   * Unlinks at WhatsApp (the socket then closes with 401: the close is `logged_out`) and clears
   * the store. Without a connection only the store is cleared: the phone still lists the
   * device until its owner removes it (WhatsApp drops devices unused for 30 days).
   */
  async logout(): Promise<void> {
    try {
      if (this.sock && this.isOpen) await this.sock.logout();
      else await this.end();
    } finally {
      await this.options.store.clear();
      await this.chain;
    }
  }

  async end(): Promise<void> {
    this.ended = true;
    // Baileys emits the close before end() resolves; the chain then has handled it.
    await this.sock?.end(undefined);
    await this.chain;
  }
}

/** The port's customer identifier → a JID: digits are phones; `@lid` and groups stay. */
export function jidOf(identifier: string): string {
  return identifier.includes('@') ? identifier : `${identifier.replace(/\D/g, '')}@s.whatsapp.net`;
}
