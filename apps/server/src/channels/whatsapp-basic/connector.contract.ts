import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FileStorage } from '../../lib/storage.js';
import type { MessageEvent, NeutralEvent, StatusEvent } from '../port.js';
import type {
  CloseReason,
  Connector,
  ConnectorSession,
  SessionEvent,
  SessionStore,
} from './connector.js';

/**
 * The connector port's contract (issue 20 §1), as a suite any driver runs against a phone it can
 * drive: the sandbox driver against apps/sandbox now, the Baileys driver against a stand-in
 * later. Call `connectorContract(makeHarness)` inside a `describe`.
 */
export interface ContractHarness {
  connector: Connector;
  /** Where outbound media is read from (a stored file's key → bytes). */
  storage: FileStorage;
  /** The linked number's digits. */
  phoneNumber: string;
  phone: ContractPhone;
  close(): Promise<void>;
}

/** The number's phone and its customers, as the test drives them. */
export interface ContractPhone {
  /** The phone scans a QR the session showed. */
  scan(qr: string): Promise<void>;
  customerSays(customer: string, text: string, replyTo?: string): Promise<{ id: string }>;
  customerSendsImage(customer: string, bytes: Buffer, caption: string): Promise<{ id: string }>;
  customerReacts(customer: string, targetId: string, emoji: string): Promise<void>;
  /** The customer opens the chat: the number's messages there become read. */
  customerReads(customer: string): Promise<void>;
  /** What the customer's phone shows of the chat. */
  chat(customer: string): Promise<Array<{ id: string; fromMe: boolean; text: string | null }>>;
  /** "Linked devices" → log out, on the phone. */
  logOutDevice(): Promise<void>;
  /** The phone's "Linked devices" list (ids). */
  devices(): Promise<string[]>;
  /** Groups of the number's customers, when the phone can make them (the group test skips otherwise). */
  groups?: {
    /** A group with these customers in it: its JID (`…@g.us`). */
    create(subject: string, participants: { phone: string; name: string }[]): Promise<string>;
    participantSays(group: string, participant: string, text: string): Promise<{ id: string }>;
    chat(group: string): Promise<Array<{ id: string; fromMe: boolean; text: string | null }>>;
  };
}

/** A session store in memory, counting writes (the server's is sealed in PostgreSQL). */
export class MemorySessionStore implements SessionStore {
  creds: string | null = null;
  keys = new Map<string, string>();
  writes = 0;
  async readCreds() {
    return this.creds;
  }
  async writeCreds(creds: string) {
    this.writes += 1;
    this.creds = creds;
  }
  async readKeys(type: string, ids: string[]) {
    const out: Record<string, string> = {};
    for (const id of ids) {
      const v = this.keys.get(`${type}:${id}`);
      if (v !== undefined) out[id] = v;
    }
    return out;
  }
  async writeKeys(changes: Record<string, Record<string, string | null>>) {
    this.writes += 1;
    for (const [type, values] of Object.entries(changes)) {
      for (const [id, v] of Object.entries(values)) {
        if (v === null) this.keys.delete(`${type}:${id}`);
        else this.keys.set(`${type}:${id}`, v);
      }
    }
  }
  async clear() {
    this.creds = null;
    this.keys.clear();
  }
}

/** Records a session's events; `failWhen` makes `onEvent` reject (a crash before storing). */
export class EventRecorder {
  events: SessionEvent[] = [];
  failWhen: ((e: SessionEvent) => boolean) | null = null;
  private wakers = new Set<() => void>();

  onEvent = async (event: SessionEvent): Promise<void> => {
    if (this.failWhen?.(event)) throw new Error('the store is down');
    this.events.push(event);
    for (const wake of this.wakers) wake();
  };

  neutral(origin?: 'live' | 'caught_up'): NeutralEvent[] {
    return this.events.flatMap((e) =>
      e.kind === 'events' && (!origin || e.origin === origin) ? e.events : [],
    );
  }

  messages(origin?: 'live' | 'caught_up'): MessageEvent[] {
    return this.neutral(origin).filter((e): e is MessageEvent => e.kind === 'message');
  }

  async waitFor<T extends SessionEvent>(
    match: ((e: SessionEvent) => e is T) | ((e: SessionEvent) => boolean),
    ms = 5000,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = this.events.find(match) as T | undefined;
        if (!found) return;
        this.wakers.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.wakers.delete(check);
        reject(new Error(`no such event; got ${this.events.map((e) => e.kind).join(',')}`));
      }, ms);
      this.wakers.add(check);
      check();
    });
  }

  /** Waits until `check` holds over the recorded events. */
  async until(check: () => boolean, ms = 5000): Promise<void> {
    await this.waitFor(() => check(), ms);
  }
}

const is =
  <K extends SessionEvent['kind']>(kind: K) =>
  (e: SessionEvent): e is Extract<SessionEvent, { kind: K }> =>
    e.kind === kind;
const closedWith = (reason: CloseReason) => (e: SessionEvent) =>
  e.kind === 'close' && e.reason === reason;

export function connectorContract(makeHarness: () => Promise<ContractHarness>): void {
  let h: ContractHarness;
  const sessions: ConnectorSession[] = [];
  const CUSTOMER = '6281377770001';

  beforeEach(async () => {
    h = await makeHarness();
  });
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.end();
    await h.close();
  });

  function open(store: SessionStore, recorder = new EventRecorder(), includeGroups = false) {
    const session = h.connector.open({
      channelId: 'channel-1',
      store,
      onEvent: recorder.onEvent,
      sentMessage: async () => null,
      includeGroups,
    });
    sessions.push(session);
    return { session, recorder };
  }

  /** Links a new device by QR and restarts it as WhatsApp asks: an open session. */
  async function linked(store = new MemorySessionStore(), includeGroups = false) {
    const { session, recorder } = open(store, new EventRecorder(), includeGroups);
    await session.start();
    const qr = await recorder.waitFor(is('qr'));
    expect(qr.expiresAt.getTime()).toBeGreaterThan(Date.now());
    await h.phone.scan(qr.qr);
    await recorder.waitFor(closedWith('restart_required'));
    expect(await store.readCreds()).not.toBeNull();
    await session.start();
    const opened = await recorder.waitFor(is('open'));
    return { session, recorder, store, opened };
  }

  it('links by QR: restart after the scan, credentials stored first, then open', async () => {
    const { recorder, opened } = await linked();
    expect(opened.account.phone).toBe(h.phoneNumber);
    expect(opened.firstLink).toBe(true);
    expect(recorder.events.filter(is('qr'))).toHaveLength(1);
  });

  it('chats both ways, with replies and reactions', async () => {
    const { session, recorder } = await linked();
    const said = await h.phone.customerSays(CUSTOMER, 'Halo, ada stok?');
    await recorder.until(() =>
      recorder.messages('live').some((m) => m.providerMessageId === said.id),
    );
    expect(recorder.messages('live').find((m) => m.providerMessageId === said.id)).toMatchObject({
      direction: 'incoming',
      msgType: 'text',
      text: 'Halo, ada stok?',
      customer: { identifier: CUSTOMER, phone: CUSTOMER },
      channelExternalId: 'channel-1',
    });
    const sent = await session.send({
      type: 'text',
      to: CUSTOMER,
      text: 'Ada, kak!',
      replyToProviderId: said.id,
    });
    const seen = await h.phone.chat(CUSTOMER);
    expect(seen.find((m) => m.id === sent.providerMessageId)).toMatchObject({
      fromMe: true,
      text: 'Ada, kak!',
    });
    const reply = await h.phone.customerSays(CUSTOMER, 'Siap', sent.providerMessageId);
    await recorder.until(() => recorder.messages().some((m) => m.providerMessageId === reply.id));
    expect(
      recorder.messages().find((m) => m.providerMessageId === reply.id)?.replyToProviderId,
    ).toBe(sent.providerMessageId);
    await h.phone.customerReacts(CUSTOMER, sent.providerMessageId, '👍');
    await recorder.until(() => recorder.neutral().some((e) => e.kind === 'reaction'));
    expect(recorder.neutral().find((e) => e.kind === 'reaction')).toMatchObject({
      direction: 'incoming',
      targetProviderMessageId: sent.providerMessageId,
      action: 'react',
      emoji: '👍',
    });
  });

  it('groups both ways: the group is the chat, the participant the sender; none without includeGroups', async () => {
    const groups = h.phone.groups;
    if (!groups) return;
    const jid = await groups.create('Pelanggan Setia', [
      { phone: CUSTOMER, name: 'Sari' },
      { phone: '6281377770002', name: 'Budi' },
    ]);
    const { session, recorder } = await linked(new MemorySessionStore(), true);
    const said = await groups.participantSays(jid, CUSTOMER, 'Ada promo?');
    await recorder.until(() => recorder.messages().some((m) => m.providerMessageId === said.id));
    expect(recorder.messages().find((m) => m.providerMessageId === said.id)).toMatchObject({
      direction: 'incoming',
      text: 'Ada promo?',
      customer: { identifier: jid, name: 'Pelanggan Setia', phone: null },
      payload: { groupSender: { identifier: CUSTOMER, name: 'Sari', phone: CUSTOMER } },
    });
    const sent = await session.send({ type: 'text', to: jid, text: 'Ada kak' });
    expect((await groups.chat(jid)).find((m) => m.id === sent.providerMessageId)).toMatchObject({
      fromMe: true,
      text: 'Ada kak',
    });
    await session.end();
    // A session that does not take groups is handed none (a one-to-one chat still arrives).
    const { recorder: plain } = await linked();
    const ignored = await groups.participantSays(jid, CUSTOMER, 'Halo?');
    const direct = await h.phone.customerSays(CUSTOMER, 'Japri');
    await plain.until(() => plain.messages().some((m) => m.providerMessageId === direct.id));
    expect(plain.messages().some((m) => m.providerMessageId === ignored.id)).toBe(false);
  });

  it('receipts become statuses sent → delivered → read', async () => {
    const { session, recorder } = await linked();
    await h.phone.customerSays(CUSTOMER, 'Halo');
    const sent = await session.send({ type: 'text', to: CUSTOMER, text: 'Halo juga' });
    const statuses = () =>
      recorder
        .neutral()
        .filter(
          (e): e is StatusEvent =>
            e.kind === 'status' && e.providerMessageId === sent.providerMessageId,
        )
        .map((e) => e.status);
    await recorder.until(() => statuses().includes('delivered'));
    await h.phone.customerReads(CUSTOMER);
    await recorder.until(() => statuses().includes('read'));
    expect(statuses()).toEqual(['sent', 'delivered', 'read']);
  });

  it('media both ways: inbound bytes fetched by reference, outbound from storage', async () => {
    const { session, recorder } = await linked();
    const photo = Buffer.from('\xff\xd8\xff\xe0 a tiny jpeg', 'latin1');
    const said = await h.phone.customerSendsImage(CUSTOMER, photo, 'Ini barangnya');
    await recorder.until(() => recorder.messages().some((m) => m.providerMessageId === said.id));
    const message = recorder.messages().find((m) => m.providerMessageId === said.id)!;
    expect(message).toMatchObject({ msgType: 'image', text: 'Ini barangnya' });
    const fetched = await session.fetchMedia(message.media!);
    expect(fetched.bytes.equals(photo)).toBe(true);
    expect(fetched.mimeType).toBe('image/jpeg');

    await h.storage.put('contract/reply.png', Buffer.from('png-bytes'));
    const sent = await session.send({
      type: 'media',
      to: CUSTOMER,
      caption: 'Katalog',
      media: {
        kind: 'image',
        storageKey: 'contract/reply.png',
        mimeType: 'image/png',
        filename: 'reply.png',
        sizeBytes: 9,
      },
    });
    expect(sent.providerMessageId).toBeTruthy();
    await expect(
      session.send({
        type: 'template',
        to: CUSTOMER,
        template: { name: 'x', language: 'id', components: [] } as never,
      }),
    ).rejects.toMatchObject({ kind: 'invalid_request' });
  });

  it('a restart keeps the link: stored credentials open without a new QR', async () => {
    const { session, store } = await linked();
    await session.end();
    // Another process (or the same after a restart) with the same store.
    const { session: again, recorder } = open(store);
    await again.start();
    const opened = await recorder.waitFor(is('open'));
    expect(opened.firstLink).toBe(false);
    expect(opened.account.phone).toBe(h.phoneNumber);
    expect(recorder.events.some((e) => e.kind === 'qr')).toBe(false);
  });

  it('logged out on the phone is reported, and the store is cleared', async () => {
    const { recorder, store } = await linked();
    await h.phone.logOutDevice();
    await recorder.waitFor(closedWith('logged_out'));
    expect(await store.readCreds()).toBeNull();
  });

  it('logout() unlinks the device at WhatsApp and clears the store', async () => {
    const { session, recorder, store } = await linked();
    await session.logout();
    await recorder.waitFor(closedWith('logged_out'));
    expect(await store.readCreds()).toBeNull();
    // The old credentials are gone: a new start shows a QR again.
    const { session: fresh, recorder: next } = open(store);
    await fresh.start();
    await next.waitFor(is('qr'));
  });

  it('messages sent while disconnected are caught up once, in order', async () => {
    const { session, store } = await linked();
    await session.end();
    const ids: string[] = [];
    for (const text of ['satu', 'dua', 'tiga']) {
      ids.push((await h.phone.customerSays(CUSTOMER, text)).id);
    }
    const { session: back, recorder } = open(store);
    await back.start();
    await recorder.until(() => recorder.messages('caught_up').length >= 3);
    expect(recorder.messages('caught_up').map((m) => m.providerMessageId)).toEqual(ids);
    expect(recorder.messages('live')).toEqual([]);
    await back.end();
    const { session: third, recorder: later } = open(store);
    await third.start();
    await later.waitFor(is('open'));
    await h.phone.customerSays(CUSTOMER, 'empat');
    await later.until(() => later.messages().length >= 1);
    expect(later.messages().map((m) => m.text)).toEqual(['empat']);
  });

  it('a message whose handler failed is not acknowledged: offered again on reconnect', async () => {
    const { session, store } = await linked();
    await session.end();
    const recorder = new EventRecorder();
    recorder.failWhen = (e) => e.kind === 'events';
    const { session: failing } = open(store, recorder);
    const said = await h.phone.customerSays(CUSTOMER, 'jangan hilang');
    await failing.start();
    await recorder.waitFor((e) => e.kind === 'close');
    const { session: back, recorder: next } = open(store);
    await back.start();
    await next.until(() => next.messages().some((m) => m.providerMessageId === said.id));
    expect(next.messages('caught_up').map((m) => m.providerMessageId)).toEqual([said.id]);
  });
}
