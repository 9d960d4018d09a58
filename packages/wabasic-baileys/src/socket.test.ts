import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  SessionEvent,
  SessionStore,
} from '../../../apps/server/src/channels/whatsapp-basic/connector.js';
import type { ReadStream } from 'node:fs';

/** A stand-in for Baileys' socket: the events it emits, and what the session calls on it. */
class FakeSocket {
  ev = new EventEmitter();
  user: { id: string } | undefined = undefined;
  sent: { jid: string; content: unknown; options: unknown }[] = [];
  configs: unknown[] = [];
  signalRepository = {
    lidMapping: { getLIDForPN: async (pn: string) => (pn.startsWith('6289') ? '1234@lid' : null) },
  };
  async end(error: Error | undefined) {
    this.ev.emit('connection.update', { connection: 'close', lastDisconnect: { error } });
  }
  async sendMessage(jid: string, content: unknown, options: { messageId: string }) {
    this.sent.push({ jid, content, options });
    return { key: { id: options.messageId } };
  }
}
const sockets: FakeSocket[] = [];
vi.mock('baileys', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  return {
    ...real,
    default: (config: unknown) => {
      const sock = new FakeSocket();
      sock.configs.push(config);
      sockets.push(sock);
      return sock;
    },
  };
});
const { BaileysConnector } = await import('./index.js');

class TestProviderError extends Error {
  constructor(
    readonly info: { message: string },
    readonly retryable: boolean,
    readonly httpStatus: number | null,
    readonly kind?: string,
  ) {
    super(info.message);
  }
}

function memoryStore(): SessionStore & { creds: string | null; cleared: number } {
  const keys = new Map<string, string>();
  const store = {
    creds: null as string | null,
    cleared: 0,
    readCreds: async () => store.creds,
    writeCreds: async (c: string) => {
      store.creds = c;
    },
    readKeys: async (type: string, ids: string[]) =>
      Object.fromEntries(
        ids.flatMap((id) => {
          const v = keys.get(`${type}/${id}`);
          return v ? [[id, v]] : [];
        }),
      ),
    writeKeys: async (changes: Record<string, Record<string, string | null>>) => {
      for (const [type, byId] of Object.entries(changes))
        for (const [id, v] of Object.entries(byId)) {
          if (v === null) keys.delete(`${type}/${id}`);
          else keys.set(`${type}/${id}`, v);
        }
    },
    clear: async () => {
      store.creds = null;
      store.cleared += 1;
    },
  };
  return store;
}

const log = {
  level: 'silent',
  child: () => log,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
};
const storage = {
  put: async () => undefined,
  open: async () => Readable.from([Buffer.from('x')]) as unknown as ReadStream,
};
const settle = () => new Promise((r) => setTimeout(r, 10));

function openSession(store = memoryStore()) {
  const events: SessionEvent[] = [];
  const connector = new BaileysConnector({ log, storage, ProviderError: TestProviderError });
  const session = connector.open({
    channelId: 'chan-1',
    store,
    includeGroups: false,
    onEvent: async (e) => {
      events.push(e);
    },
    sentMessage: async () => null,
  });
  return { session, events, store };
}

describe('BaileysSession over a stand-in socket', () => {
  beforeEach(() => {
    sockets.length = 0;
  });

  it('configures Baileys as Sapa needs: pinned version, offline presence, Ubuntu browser', async () => {
    const { session } = openSession();
    await session.start();
    const config = sockets[0]?.configs[0] as Record<string, unknown>;
    expect(config.markOnlineOnConnect).toBe(false);
    expect(config.emitOwnEvents).toBe(false);
    expect(Array.isArray(config.version)).toBe(true);
    expect(config.browser).toEqual(['Ubuntu', 'Sapa', expect.any(String)]);
  });

  it('first link: QR, scan (isNewLogin), 515 → restart_required; the next socket opens with firstLink', async () => {
    const { session, events, store } = openSession();
    await session.start();
    const first = sockets[0]!;
    first.ev.emit('connection.update', { qr: '2@abc' });
    first.ev.emit('creds.update', {});
    first.ev.emit('connection.update', { isNewLogin: true });
    first.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: { output: { statusCode: 515 } } },
    });
    await settle();
    expect(events.map((e) => e.kind)).toEqual(['connecting', 'qr', 'close']);
    expect(events[2]).toMatchObject({ reason: 'restart_required' });
    expect(store.creds).toContain('"firstOpenPending":true');

    await session.start();
    const second = sockets[1]!;
    second.ev.emit('connection.update', { connection: 'open' });
    await settle();
    expect(events.at(-1)).toMatchObject({ kind: 'open', firstLink: true });
    expect(store.creds).toContain('"firstOpenPending":false');
  });

  it('offline messages are caught up until receivedPendingNotifications, then live', async () => {
    const { session, events } = openSession();
    await session.start();
    const sock = sockets[0]!;
    sock.ev.emit('connection.update', { connection: 'open' });
    const msg = (id: string) => ({
      key: { remoteJid: '6281@s.whatsapp.net', id },
      message: { conversation: id },
    });
    sock.ev.emit('messages.upsert', { type: 'notify', messages: [msg('a')] });
    sock.ev.emit('connection.update', { receivedPendingNotifications: true });
    sock.ev.emit('messages.upsert', { type: 'notify', messages: [msg('b')] });
    await settle();
    const batches = events.filter((e) => e.kind === 'events');
    expect(batches.map((b) => b.origin)).toEqual(['caught_up', 'live']);
  });

  it('send: refused as retryable while not open; then to the LID of a migrated contact, never echoed back', async () => {
    const { session, events } = openSession();
    await expect(session.send({ type: 'text', to: '6281', text: 'hi' })).rejects.toMatchObject({
      retryable: true,
      kind: 'temporarily_unavailable',
    });
    await session.start();
    const sock = sockets[0]!;
    sock.ev.emit('connection.update', { connection: 'open' });
    await settle();
    const sent = await session.send({ type: 'text', to: '62899', text: 'hi' });
    expect(sock.sent[0]).toMatchObject({ jid: '1234@lid', content: { text: 'hi' } });
    const doc = await session.send({
      type: 'media',
      to: '6281',
      caption: 'invoice',
      media: {
        kind: 'document',
        storageKey: 'k',
        mimeType: 'application/pdf',
        filename: 'a.pdf',
        sizeBytes: 1,
      },
    });
    expect(sock.sent[1]).toMatchObject({
      jid: '6281@s.whatsapp.net',
      content: { caption: 'invoice', fileName: 'a.pdf', mimetype: 'application/pdf' },
    });
    sock.ev.emit('messages.upsert', {
      type: 'append',
      messages: [sent, doc].map((s) => ({
        key: { remoteJid: '6281@s.whatsapp.net', fromMe: true, id: s.providerMessageId },
        message: { conversation: 'x' },
      })),
    });
    await settle();
    expect(events.filter((e) => e.kind === 'events')).toEqual([]);
  });

  it('end: the close is connection_closed; a 401 clears the store and says logged_out', async () => {
    const { session, events, store } = openSession();
    await session.start();
    await session.end();
    expect(events.at(-1)).toMatchObject({ kind: 'close', reason: 'connection_closed' });
    await session.start();
    sockets[1]!.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: { output: { statusCode: 401 } } },
    });
    await settle();
    expect(events.at(-1)).toMatchObject({ kind: 'close', reason: 'logged_out' });
    expect(store.cleared).toBe(1);
  });
});
