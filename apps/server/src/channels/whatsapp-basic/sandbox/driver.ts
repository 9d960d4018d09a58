import WebSocket from 'ws';
import type { FileStorage } from '../../../lib/storage.js';
import { ProviderError, type ProviderErrorKind } from '../../errors.js';
import { readStoredMedia } from '../../outbound-checks.js';
import type { FetchedMedia, InboundMediaRef, OutboundMessage } from '../../port.js';
import type {
  CloseReason,
  Connector,
  ConnectorSession,
  LinkedAccount,
  SessionOptions,
} from '../connector.js';
import {
  serverFrameSchema,
  storedCredsSchema,
  type SandboxCreds,
  type ServerFrame,
  type WireItem,
} from './frames.js';
import { closeReasonOf, sessionEventsOf } from './neutral.js';

export interface SandboxConnectorOptions {
  /** apps/sandbox's base URL (SANDBOX_URL), e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  /** Where outbound media's bytes are (the channel port's file storage). */
  storage: FileStorage;
  /** How long a request on the socket may take before it fails as unavailable. */
  requestTimeoutMs?: number;
}

/** The sandbox driver: the connector port against apps/sandbox's WhatsApp-Web stand-in. */
export class SandboxConnector implements Connector {
  readonly driver = 'sandbox' as const;

  constructor(private readonly options: SandboxConnectorOptions) {}

  open(session: SessionOptions): ConnectorSession {
    return new SandboxSession(this.options, session);
  }
}

interface PendingRequest {
  resolve(data: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

function providerError(kind: ProviderErrorKind, message: string, retryable = false) {
  return new ProviderError({ code: null, title: kind, message }, retryable, null, kind);
}

const REQUEST_ERROR_KINDS: Record<string, ProviderErrorKind> = {
  unknown_recipient: 'recipient_invalid',
  unknown_quoted: 'invalid_request',
  empty_text: 'invalid_request',
  media_missing: 'invalid_request',
  media_empty: 'invalid_request',
  not_linked: 'permission_denied',
  not_logging_in: 'invalid_request',
};

/**
 * One channel's connection. Frames are handled one at a time in arrival order; items are
 * acknowledged only after `onEvent` resolved for them, so a crash (or a failing handler) leaves
 * them unacknowledged and the sandbox offers them again on the next connection. Each `start()`
 * is one connection; the supervisor starts again after a close (restart_required included).
 */
export class SandboxSession implements ConnectorSession {
  private ws: WebSocket | null = null;
  private creds: SandboxCreds | null = null;
  private account: LinkedAccount | null = null;
  private chain: Promise<void> = Promise.resolve();
  private readonly requests = new Map<string, PendingRequest>();
  private nextReq = 0;
  private ended = false;

  constructor(
    private readonly options: SandboxConnectorOptions,
    private readonly session: SessionOptions,
  ) {}

  async start(): Promise<void> {
    if (this.ws) throw new Error('This session is already connected; end() it first');
    this.ended = false;
    this.creds = await this.readCreds();
    await this.session.onEvent({ kind: 'connecting' });
    const url = `${this.options.baseUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/wa/ws`;
    const ws = new WebSocket(url, { maxPayload: 32 * 1024 * 1024 });
    this.ws = ws;
    ws.on('message', (data) => this.enqueue(() => this.onFrame(String(data))));
    ws.on('close', (code, reason) => this.onClose(ws, code, String(reason)));
    // 'close' always follows 'error', and carries the outcome.
    ws.on('error', () => undefined);
    await new Promise<void>((resolve) => {
      ws.once('open', () => {
        ws.send(JSON.stringify({ t: 'hello', creds: this.creds, client: 'Sapa' }));
        resolve();
      });
      ws.once('close', () => resolve());
    });
  }

  private async readCreds(): Promise<SandboxCreds | null> {
    const raw = await this.session.store.readCreds();
    if (!raw) return null;
    try {
      return storedCredsSchema.parse(JSON.parse(raw)).creds;
    } catch {
      // Credentials of another driver or a damaged row: start over from a QR, never crash.
      return null;
    }
  }

  /** Runs frame handlers strictly in order; a failing handler ends the connection. */
  private enqueue(run: () => Promise<void>): void {
    this.chain = this.chain.then(run).catch((err: unknown) => {
      const detail = err instanceof Error ? err.message : String(err);
      this.ws?.close(4000, `handler failed: ${detail}`.slice(0, 120));
    });
  }

  private async onFrame(text: string): Promise<void> {
    let frame: ServerFrame;
    try {
      frame = serverFrameSchema.parse(JSON.parse(text));
    } catch {
      this.ws?.close(4000, 'unreadable frame');
      return;
    }
    switch (frame.t) {
      case 'qr':
        return this.session.onEvent({
          kind: 'qr',
          qr: frame.qr,
          expiresAt: new Date(frame.expiresAt),
        });
      case 'paired':
        // Written (durably) before anything uses them: the restart that follows needs them.
        await this.session.store.writeCreds(JSON.stringify({ v: 1, creds: frame.creds }));
        this.creds = frame.creds;
        this.ws?.send(JSON.stringify({ t: 'paired_ack' }));
        return;
      case 'open':
        this.account = {
          phone: frame.account.phone,
          name: frame.account.name,
          lid: frame.account.lid,
        };
        return this.session.onEvent({
          kind: 'open',
          account: this.account,
          firstLink: frame.firstLink,
        });
      case 'items': {
        const origin = frame.origin === 'live' ? 'live' : 'caught_up';
        // A linked channel is named by its own id (channels.external_id = channels.id): the
        // number may change on a relink, the channel does not.
        for (const event of sessionEventsOf(
          this.session.channelId,
          origin,
          this.filter(frame.items),
        )) {
          await this.session.onEvent(event);
        }
        // Acknowledged only now, all stored: a crash before this offers them again.
        this.ws?.send(JSON.stringify({ t: 'ack', ids: frame.items.map((i) => i.id) }));
        return;
      }
      case 'offline_done':
        return;
      case 'result': {
        const pending = this.requests.get(frame.req);
        if (!pending) return;
        this.requests.delete(frame.req);
        clearTimeout(pending.timer);
        if (frame.ok) pending.resolve(frame.data);
        else {
          const code = frame.error?.code ?? 'unknown';
          pending.reject(
            providerError(REQUEST_ERROR_KINDS[code] ?? 'unknown', frame.error?.message ?? code),
          );
        }
        return;
      }
    }
  }

  /** Group chats only when the session takes them (SessionOptions.includeGroups). */
  private filter(items: WireItem[]): WireItem[] {
    if (this.session.includeGroups) return items;
    // A message names its chat inside (message.chat); receipts and reactions on the item.
    const chatOf = (i: WireItem) =>
      i.kind === 'message' ? i.message.chat : i.kind === 'identity' ? null : i.chat;
    return items.filter((i) => !chatOf(i)?.endsWith('@g.us'));
  }

  private onClose(ws: WebSocket, code: number, reasonText: string): void {
    if (this.ws !== ws) return;
    this.ws = null;
    for (const [id, pending] of this.requests) {
      clearTimeout(pending.timer);
      pending.reject(providerError('temporarily_unavailable', 'The connection closed', true));
      this.requests.delete(id);
    }
    const reason: CloseReason = this.ended ? 'connection_closed' : closeReasonOf(code, reasonText);
    const detail = reasonText && reasonText !== reason ? reasonText : null;
    // After the frames that came before it, so the close is the session's last word.
    this.enqueue(async () => {
      if (reason === 'logged_out') await this.session.store.clear();
      await this.session.onEvent({ kind: 'close', reason, detail });
    });
  }

  private request<T>(call: Record<string, unknown>): Promise<T> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(providerError('temporarily_unavailable', 'Not connected', true));
    }
    const req = `r${++this.nextReq}`;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.requests.delete(req);
        reject(providerError('temporarily_unavailable', 'WhatsApp did not answer in time', true));
      }, this.options.requestTimeoutMs ?? 30_000);
      this.requests.set(req, { resolve: (d) => resolve(d as T), reject, timer });
      ws.send(JSON.stringify({ t: 'req', req, call }));
    });
  }

  async requestPairingCode(phoneDigits: string): Promise<string> {
    const { code } = await this.request<{ code: string }>({
      op: 'pairing_code',
      phone: phoneDigits,
    });
    return code;
  }

  async send(message: OutboundMessage): Promise<{ providerMessageId: string; timestamp: Date }> {
    let call: Record<string, unknown>;
    if (message.type === 'text') {
      call = {
        op: 'send',
        to: message.to,
        type: 'text',
        text: message.text,
        replyTo: message.replyToProviderId ?? null,
      };
    } else if (message.type === 'media') {
      const bytes = await readStoredMedia(this.options.storage, message.media.storageKey);
      call = {
        op: 'send',
        to: message.to,
        type: message.media.kind,
        caption: message.caption ?? null,
        media: {
          data: bytes.toString('base64'),
          mimeType: message.media.mimeType,
          filename: message.media.filename,
        },
        replyTo: message.replyToProviderId ?? null,
      };
    } else {
      // Templates and choice buttons are the Cloud API's; a linked number sends neither.
      throw providerError(
        'invalid_request',
        `A linked number cannot send ${message.type} messages`,
      );
    }
    const sent = await this.request<{ id: string; timestamp: number }>(call);
    return { providerMessageId: sent.id, timestamp: new Date(sent.timestamp) };
  }

  async markRead(customer: string, providerMessageIds: string[]): Promise<void> {
    if (!providerMessageIds.length) return;
    await this.request({ op: 'read', chat: customer, ids: providerMessageIds });
  }

  async fetchMedia(media: InboundMediaRef): Promise<FetchedMedia> {
    if (media.source !== 'provider_id') {
      throw providerError('invalid_request', 'The sandbox gives media by id only');
    }
    const creds = this.creds ?? (await this.readCreds());
    if (!creds) throw providerError('permission_denied', 'The device is not linked');
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/wa/media/${encodeURIComponent(media.providerMediaId)}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'x-wa-device': creds.deviceId, authorization: `Bearer ${creds.secret}` },
      });
    } catch (err) {
      throw providerError('temporarily_unavailable', `Media download failed: ${String(err)}`, true);
    }
    if (res.status === 404) throw providerError('invalid_request', 'The media is gone');
    if (!res.ok)
      throw providerError('temporarily_unavailable', `Media download: HTTP ${res.status}`, true);
    return {
      bytes: Buffer.from(await res.arrayBuffer()),
      mimeType: res.headers.get('content-type') ?? media.mimeType,
    };
  }

  async logout(): Promise<void> {
    const creds = this.creds ?? (await this.readCreds());
    if (this.ws?.readyState === WebSocket.OPEN && creds) {
      // The sandbox answers, then closes with logged_out (which clears the store).
      await this.request({ op: 'logout' });
    } else if (creds) {
      // Not connected: unlink through the phone's side, as the device cannot reach WhatsApp.
      await fetch(
        `${this.options.baseUrl.replace(/\/$/, '')}/sandbox/wa/devices/${encodeURIComponent(creds.deviceId)}`,
        { method: 'DELETE' },
      ).catch(() => undefined);
    }
    this.creds = null;
    await this.session.store.clear();
    this.ws?.close(1000, 'logged_out');
  }

  async end(): Promise<void> {
    this.ended = true;
    const ws = this.ws;
    if (!ws) return;
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.close(1000, 'end');
    await closed;
    await this.chain;
  }
}
