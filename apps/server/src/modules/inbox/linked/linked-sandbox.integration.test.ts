import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { buildSandbox, loadConfig } from '@sapa/sandbox';
import { createTestContext, type TestContext } from '../../../test/harness.js';
// The session and the outbox run on their own: tests poll for what they do.
import { until } from '../../../test/wait.js';
import { createAccount, createUser, type TestUser } from '../../../test/fixtures.js';
import { fundAccount } from '../../../test/fixtures-inbox.js';
import { createLinkedChannel, expireLease, leaseLinked } from '../../../test/linked-session.js';
import { LocalStorage } from '../../../lib/storage.js';
import { SandboxConnector } from '../../../channels/whatsapp-basic/sandbox/driver.js';
import type { ConnectorSession, SessionEvent } from '../../../channels/whatsapp-basic/connector.js';
import { MemorySessionStore } from '../../../channels/whatsapp-basic/connector.contract.js';
import type { LinkedSessionAttacher } from '../../whatsapp-basic/session-hooks.js';
import { attachLinkedSession, type LinkedAttachment } from './session.js';

/**
 * The inbox over the sandbox driver (apps/sandbox's WhatsApp-Web stand-in, in process): link by
 * QR, a customer writes, the agent answers from the API, ticks come back, files both ways, and
 * what customers write while Sapa is away arrives once and in order after it reconnects.
 */
const PHONE = '6281200000066';
const CUSTOMER = '6281377770066';

let ctx: TestContext;
let admin: TestUser;
let channel: { id: string };
let sandbox: Awaited<ReturnType<typeof buildSandbox>>;
let baseUrl: string;
let connector: SandboxConnector;
const store = new MemorySessionStore();
/** Set: the next message batch is stored, then the process "crashes" before acknowledging it. */
let crashAfterStore = false;
let running: { session: ConnectorSession; hooks: LinkedAttachment; events: SessionEvent[] };

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const chatPath = `/sandbox/wa/phones/${PHONE}/chats/${CUSTOMER}`;
const customerSays = async (text: string) =>
  (await call('POST', `${chatPath}/messages`, { type: 'text', text })) as { id: string };
const phoneChat = async () =>
  (
    (await call('GET', chatPath)) as {
      messages: {
        id: string;
        from: string;
        type: string;
        text: string | null;
        caption: string | null;
        status: string;
      }[];
    }
  ).messages;

/** One server process's hold on the number: the inbox attached, then the session started. */
async function own() {
  const events: SessionEvent[] = [];
  let session: ConnectorSession | null = null;
  // Pacing is the outbox tests' business: here it would only make the test wait.
  const lease = await leaseLinked(ctx, channel.id);
  const fast = await attachLinkedSession(ctx.deps, channel.id, () => session!, lease, {
    pollMs: 50,
    sleep: async () => {},
  });
  session = connector.open({
    channelId: channel.id,
    store,
    includeGroups: true,
    sentMessage: fast.sentMessage,
    onEvent: async (e) => {
      events.push(e);
      await fast.onEvent(e);
      if (crashAfterStore && e.kind === 'events' && e.events.some((x) => x.kind === 'message')) {
        crashAfterStore = false;
        throw new Error('crashed between storing and acknowledging');
      }
    },
  });
  running = { session, hooks: fast, events };
  await session.start();
  return running;
}

async function release() {
  await running.session.end();
  await running.hooks.detach();
  // A process that stops hands its lease back; the next one takes it with the next epoch.
  await expireLease(ctx, channel.id);
}

const rows = (identifier: string) =>
  ctx.deps.db
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.id', 'm.text', 'm.status', 'm.from_me', 'm.payload', 'm.provider_message_id'])
    .select(['m.media_id', 'c.id as chat_id'])
    .where('c.channel_id', '=', channel.id)
    .where('c.identifier', '=', identifier)
    .orderBy('m.id')
    .execute();

beforeAll(async () => {
  sandbox = await buildSandbox(
    loadConfig({ LOG_LEVEL: 'silent', STATUS_DELAY_MS: '20', SANDBOX_SEED: 'false' }),
  );
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  ctx = await createTestContext({ mediaDir: `/tmp/sapa-test-linked-sandbox-${process.pid}` });
  connector = new SandboxConnector({
    baseUrl,
    storage: new LocalStorage(ctx.deps.config.mediaDir),
  });
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  channel = await createLinkedChannel(ctx, accountId);
});
afterAll(async () => {
  await release();
  await ctx.close();
  await sandbox.close();
});

describe('a linked number over the sandbox driver', () => {
  it('is what the supervisor (c20) attaches', () => {
    expectTypeOf(attachLinkedSession).toMatchTypeOf<LinkedSessionAttacher>();
  });

  it('links by QR, chats both ways with ticks, and moves files both ways', async () => {
    const { session, events } = await own();
    const qr = await until(async () => events.find((e) => e.kind === 'qr'));
    await call('POST', '/sandbox/wa/scan', { code: qr.kind === 'qr' ? qr.qr : '', phone: PHONE });
    await until(async () => events.some((e) => e.kind === 'close'));
    await session.start(); // the restart WhatsApp asks for after the first scan
    await until(async () => events.some((e) => e.kind === 'open'));

    const said = await customerSays('Halo, ada stok?');
    const [incoming] = await until(async () => {
      const r = await rows(CUSTOMER);
      return r.length ? r : null;
    });
    expect(incoming).toMatchObject({ text: 'Halo, ada stok?', provider_message_id: said.id });

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId: incoming!.chat_id, text: 'Ada, kak!', replyTo: String(incoming!.id) },
    });
    expect(res.statusCode).toBe(201);
    await ctx.jobs.drain();
    const reply = await until(async () =>
      (await phoneChat()).find((m) => m.from === 'business' && m.text === 'Ada, kak!'),
    );
    await until(async () => (await rows(CUSTOMER)).find((m) => m.status === 'delivered'));
    await call('POST', `${chatPath}/read`);
    const read = await until(async () =>
      (await rows(CUSTOMER)).find((m) => m.from_me && m.status === 'read'),
    );
    expect(read.provider_message_id).toBe(reply.id);

    // A photo from the customer lands in storage; a document from the agent reaches the phone.
    const photo = Buffer.from('\xff\xd8\xff\xe0 a tiny jpeg', 'latin1');
    await call('POST', `${chatPath}/messages`, {
      type: 'image',
      caption: 'Ini barangnya',
      media: { data: photo.toString('base64'), mimeType: 'image/jpeg' },
    });
    const stored = await until(async () =>
      (await rows(CUSTOMER)).find((m) => m.text === 'Ini barangnya' && m.media_id),
    );
    const media = await ctx.deps.db
      .selectFrom('media')
      .select(['storage_key', 'sha256'])
      .where('id', '=', stored.media_id!)
      .executeTakeFirstOrThrow();
    expect(media.sha256).toBe(createHash('sha256').update(photo).digest('hex'));

    const pdf = Buffer.from('%PDF-1.4 katalog');
    const key = `${admin.accountId}/${randomUUID()}`;
    await new LocalStorage(ctx.deps.config.mediaDir).put(key, pdf);
    const upload = await ctx.deps.db
      .insertInto('media')
      .values({
        account_id: admin.accountId,
        storage_key: key,
        mime_type: 'application/pdf',
        size_bytes: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        filename: 'katalog.pdf',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const doc = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId: incoming!.chat_id, text: 'Katalog', attachment: { mediaId: upload.id } },
    });
    expect(doc.statusCode).toBe(201);
    await ctx.jobs.drain();
    const shown = await until(async () =>
      (await phoneChat()).find((m) => m.from === 'business' && m.caption === 'Katalog'),
    );
    expect(shown.type).toBe('document');
    await until(async () =>
      (await rows(CUSTOMER)).find((m) => String(m.id) === doc.json()._id && m.status !== 'queue'),
    );
  });

  it('messages written while Sapa was away arrive once, in order, marked; queued replies go out', async () => {
    await release();
    const ids: string[] = [];
    for (const text of ['satu', 'dua', 'tiga']) ids.push((await customerSays(text)).id);
    const chatId = (await rows(CUSTOMER))[0]!.chat_id;
    const queued = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId, text: 'Maaf, baru online' },
    });
    await ctx.jobs.drain();

    // Another process takes the number over with the stored link: no QR, and the backlog.
    const { events } = await own();
    await until(async () => events.some((e) => e.kind === 'open'));
    expect(events.some((e) => e.kind === 'qr')).toBe(false);
    const caught = await until(async () => {
      const r = (await rows(CUSTOMER)).filter((m) => ids.includes(m.provider_message_id ?? ''));
      return r.length === 3 ? r : null;
    });
    expect(caught.map((m) => m.text)).toEqual(['satu', 'dua', 'tiga']);
    expect(caught.every((m) => (m.payload as { caughtUp?: boolean }).caughtUp)).toBe(true);
    await until(async () =>
      (await phoneChat()).find((m) => m.from === 'business' && m.text === 'Maaf, baru online'),
    );
    await until(async () =>
      (await rows(CUSTOMER)).find(
        (m) => String(m.id) === queued.json()._id && m.status !== 'queue',
      ),
    );
    const after = await rows(CUSTOMER);
    expect(after.filter((m) => ids.includes(m.provider_message_id ?? ''))).toHaveLength(3);
    expect((await phoneChat()).filter((m) => m.text === 'Maaf, baru online')).toHaveLength(1);
  });

  it('a message stored just before a crash is offered again and still stored once', async () => {
    const { session, events } = running;
    crashAfterStore = true;
    const said = await customerSays('sekali saja');
    // The driver closes the connection without acknowledging; the supervisor starts it again.
    await until(async () => events.some((e) => e.kind === 'close'));
    const opens = events.filter((e) => e.kind === 'open').length;
    await session.start();
    await until(async () => events.filter((e) => e.kind === 'open').length > opens);
    await until(async () =>
      events.some(
        (e) =>
          e.kind === 'events' &&
          e.origin === 'caught_up' &&
          e.events.some((x) => x.kind === 'message' && x.providerMessageId === said.id),
      ),
    );
    const stored = (await rows(CUSTOMER)).filter((m) => m.provider_message_id === said.id);
    expect(stored).toHaveLength(1);
  });
});
