import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '@sapa/sandbox';
import type { TestContext } from '../../test/harness.js';
import { sandboxPair, until, type SandboxPair } from '../../test/sandbox-pair.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';

/**
 * The whole pipeline against the local Meta sandbox, over real HTTP both ways, with the real
 * pg-boss workers: customer → webhook → inbox; agent → job → Graph → statuses back.
 */
let pair: SandboxPair;
let ctx: TestContext;
let sandboxUrl: string;
let admin: TestUser;

beforeAll(async () => {
  pair = await sandboxPair({
    jobs: 'pg-boss',
    sandboxEnv: { STATUS_DELAY_MS: '20', WEBHOOK_RETRY_BASE_MS: '100' },
  });
  ({ ctx, sandboxUrl } = pair);
  const accountId = await createAccount(ctx);
  await fundAccount(ctx, accountId);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  await createWhatsappChannel(ctx, accountId, {
    phoneNumberId: DEMO_NUMBER.phoneNumberId,
    token: DEMO_NUMBER.accessToken,
  });
}, 60_000);
afterAll(async () => {
  await pair?.close();
});

const customer = (waId: string, body: Record<string, unknown>) =>
  fetch(`${sandboxUrl}/sandbox/customers/${waId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      phoneNumberId: DEMO_NUMBER.phoneNumberId,
      name: 'Sandbox Customer',
      ...body,
    }),
  });
const chatOf = (waId: string) =>
  ctx.deps.db.selectFrom('chats').select(['id']).where('identifier', '=', waId).executeTakeFirst();
const statusOf = async (id: string) =>
  (
    await ctx.deps.db
      .selectFrom('messages')
      .select('status')
      .where('id', '=', Number(id))
      .executeTakeFirst()
  )?.status;

describe('against the Meta sandbox', () => {
  it('customer writes, agent replies, ticks come back', { timeout: 30_000 }, async () => {
    expect(
      (await customer('6281700000001', { type: 'text', text: { body: 'Halo dari HP' } })).ok,
    ).toBe(true);
    const chat = await until(() => chatOf('6281700000001'));
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId: chat.id, text: 'Halo juga!' },
    });
    expect(sent.statusCode).toBe(201);
    await until(async () => (await statusOf(sent.json()._id)) === 'delivered');
  });

  it('retries 429 then 500 from the Graph API and then delivers', { timeout: 30_000 }, async () => {
    expect((await customer('6281700000002', { type: 'text', text: { body: 'tes' } })).ok).toBe(
      true,
    );
    const chat = await until(() => chatOf('6281700000002'));
    await fetch(`${sandboxUrl}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rules: [
          { endpoint: 'messages', respond: 429, graphCode: 130429, times: 1 },
          { endpoint: 'messages', respond: 500, times: 1 },
        ],
      }),
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: admin.auth,
      payload: { chatId: chat.id, text: 'after faults' },
    });
    await until(async () => (await statusOf(sent.json()._id)) === 'delivered', 25_000);
    const calls = (await (await fetch(`${sandboxUrl}/sandbox/calls?endpoint=messages`)).json()) as {
      data: { body: { text?: { body: string } }; responseStatus: number }[];
    };
    const attempts = calls.data
      .filter((c) => c.body.text?.body === 'after faults')
      .map((c) => c.responseStatus);
    expect(attempts).toEqual([429, 500, 200]);
  });

  it(
    'inbound media is downloaded with the channel token and served to the agent',
    { timeout: 30_000 },
    async () => {
      const png = Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e90000000049454e44ae426082',
        'hex',
      );
      expect(
        (
          await customer('6281700000003', {
            type: 'image',
            image: { data: png.toString('base64'), mime_type: 'image/png', caption: 'foto' },
          })
        ).ok,
      ).toBe(true);
      const chat = await until(() => chatOf('6281700000003'));
      const msg = await until(() =>
        ctx.deps.db
          .selectFrom('messages')
          .select(['id', 'media_id'])
          .where('chat_id', '=', chat.id)
          .where('media_id', 'is not', null)
          .executeTakeFirst(),
      );
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/messages/${msg.id}/media`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.rawPayload, png)).toBe(0);
      const stranger = await createUser(ctx, await createAccount(ctx));
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/messages/${msg.id}/media`,
            headers: stranger.auth,
          })
        ).statusCode,
      ).toBe(404);
    },
  );
});
