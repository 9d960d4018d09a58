import { spawn, type ChildProcess } from 'node:child_process';
import { connect as netConnect, createServer, type AddressInfo } from 'node:net';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EVENTS, type Ack } from '@sapa/contracts';
import { createPeer, createTestContext, type TestContext } from '../test/harness.js';
import { createAccount, createUser, createWhatsappChannel } from '../test/fixtures.js';
import { signed, text } from '../test/whatsapp-fixtures.js';
import type { App } from '../http/types.js';

/**
 * With REDIS_URL set, Socket.IO's cross-process operations go through Redis: a reply meant for
 * one user's sockets (isUserInitiate) reaches their socket on the other server process.
 * `npm test` installs Debian's redis-server when missing (scripts/ensure-chromium.mjs).
 */
let redis: ChildProcess;
let redisUrl: string;
let ctx: TestContext;
let peer: { app: App; close(): Promise<void> };
const sockets: Socket[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await new Promise<number>((r) =>
    probe.listen(0, '127.0.0.1', () => r((probe.address() as AddressInfo).port)),
  );
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

/** Resolves once something accepts TCP connections on the port (plain sockets: no client retries). */
async function waitForPort(port: number, ms: number, output: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = netConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server did not listen on ${port}: ${output()}`);
}

beforeAll(async () => {
  const port = await freePort();
  let output = '';
  redis = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  redis.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  redis.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  redisUrl = `redis://127.0.0.1:${port}`;
  await waitForPort(port, 20_000, () => output.slice(-2000));
  ctx = await createTestContext({ config: { redisUrl } });
  peer = await createPeer(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await peer.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await peer?.close();
  await ctx?.close();
  redis?.kill('SIGTERM');
});

function open(app: App, token: string): Promise<Socket> {
  const port = (app.server.address() as AddressInfo).port;
  const socket = connect(`http://127.0.0.1:${port}`, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

describe('Socket.IO over Redis (REDIS_URL)', () => {
  it("a user's personal events reach their socket on another process", async () => {
    const accountId = await createAccount(ctx);
    const channel = await createWhatsappChannel(ctx, accountId);
    const admin = await createUser(ctx, accountId, { role: 'admin' });
    const { body, headers } = signed(
      text('hi', { phoneNumberId: channel.phoneNumberId, from: '6281955500001' }),
    );
    await ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
    const chat = await ctx.deps.db
      .selectFrom('chats')
      .select('id')
      .where('identifier', '=', '6281955500001')
      .executeTakeFirstOrThrow();

    const here = await open(ctx.app, admin.token);
    const there = await open(peer.app, admin.token);
    const reached = new Promise<{ chatId: string; value: boolean }>((resolve) =>
      there.on(SERVER_EVENTS.isUserInitiate, resolve),
    );
    const ack = (await here.emitWithAck('getIsUserInitiate', { chatId: chat.id })) as Ack<{
      value: boolean;
    }>;
    expect(ack.ok && ack.data.value).toBe(true);
    const event = await Promise.race([
      reached,
      new Promise<null>((r) => setTimeout(() => r(null), 5_000)),
    ]);
    expect(event).toMatchObject({ chatId: chat.id, value: true });

    // And it went through Redis: the adapter's channels are subscribed there.
    const client = createClient({ url: redisUrl });
    await client.connect();
    const channels = await client.sendCommand<string[]>(['PUBSUB', 'CHANNELS', 'socket.io*']);
    await client.quit();
    expect(channels.length).toBeGreaterThan(0);
  });
});
