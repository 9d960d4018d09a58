import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '@sapa/sandbox';
import type { Template } from '@sapa/contracts';
import type { TestContext } from '../../test/harness.js';
import { sandboxPair, until, type SandboxPair } from '../../test/sandbox-pair.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { call, newTemplate } from './test-helpers.js';

/** Publish → the sandbox reviews → its signed webhook moves the template, over real HTTP. */
let pair: SandboxPair;
let ctx: TestContext;
let sandbox: FastifyInstance;
let admin: TestUser;
let channelId: string;

beforeAll(async () => {
  pair = await sandboxPair({
    sandboxEnv: { TEMPLATE_REVIEW_MS: '50', TEMPLATE_BANNED_WORDS: 'forbidden' },
  });
  ({ ctx, sandbox } = pair);
  const accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  channelId = (
    await createWhatsappChannel(ctx, accountId, {
      phoneNumberId: DEMO_NUMBER.phoneNumberId,
      token: DEMO_NUMBER.accessToken,
    })
  ).id;
}, 60_000);
afterAll(async () => {
  await pair?.close();
});

const settled = (id: string) =>
  until(async () => {
    const t = (await call(ctx, admin, 'GET', `/api/hsm/${id}`)).json() as Template;
    return t.status === 'accepted' || t.status === 'rejected' ? t : null;
  });

describe('templates against the Meta sandbox', () => {
  it('publishes, and the sandbox approves it through the signed webhook', async () => {
    const t = await newTemplate(ctx, admin, channelId, { name: 'sandbox_ok' });
    const res = await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'published', templateId: expect.any(String) });
    expect(await settled(t._id)).toMatchObject({ status: 'accepted', rejectionReason: null });
  });

  it('a banned word ends rejected with Meta’s reason; fixed and re-published it is accepted', async () => {
    const t = await newTemplate(ctx, admin, channelId, {
      name: 'sandbox_bad',
      content: 'Halo {{1}}, ini forbidden untuk pesanan {{2}} ya.',
    });
    await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`);
    expect(await settled(t._id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'ABUSIVE_CONTENT',
    });
    const fixed = await call(ctx, admin, 'PUT', `/api/hsm/${t._id}`, {
      name: 'sandbox_bad',
      channelId,
      category: 'UTILITY',
      language: 'id',
      content: 'Halo {{1}}, pesanan {{2}} sudah dikirim ya.',
      examples: { body: ['Rina', 'SP-1'] },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`)).statusCode).toBe(200);
    expect((await settled(t._id)).status).toBe('accepted');
  });

  it('shows the sandbox’s duplicate refusal in Meta’s words, and deletes at Meta', async () => {
    // A second number on the same WABA: Meta keys templates by WABA, name and language.
    const accountId = (
      await ctx.deps.db
        .selectFrom('users')
        .select('account_id')
        .where('id', '=', admin.id)
        .executeTakeFirstOrThrow()
    ).account_id;
    const twin = await createWhatsappChannel(ctx, accountId, { token: DEMO_NUMBER.accessToken });
    const dup = await newTemplate(ctx, admin, twin.id, { name: 'sandbox_ok' });
    const refused = await call(ctx, admin, 'POST', `/api/hsm/${dup._id}/publish`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'Oops, something went wrong',
      issues: [{ message: expect.stringContaining('already exists') }],
    });

    const bad = await newTemplate(ctx, admin, channelId, {
      name: 'sandbox_gone',
      content: 'Forbidden {{1}} and {{2}} here.',
    });
    await call(ctx, admin, 'POST', `/api/hsm/${bad._id}/publish`);
    await settled(bad._id);
    expect((await call(ctx, admin, 'DELETE', `/api/hsm/${bad._id}`)).statusCode).toBe(200);
    const atMeta = (await sandbox.inject({ method: 'GET', url: '/sandbox/templates' })).json() as {
      data: { name: string }[];
    };
    expect(atMeta.data.map((t) => t.name)).not.toContain('sandbox_gone');
  });
});
