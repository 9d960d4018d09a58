import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_NUMBER } from '@sapa/sandbox';
import { TEMPLATE_MESSAGES, TEMPLATE_RULES, type Template } from '@sapa/contracts';
import type { TestContext } from '../../test/harness.js';
import { sandboxPair, until, type SandboxPair } from '../../test/sandbox-pair.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { MetaTemplatesClient } from '../../channels/whatsapp-cloud/templates.js';
import { call, newTemplate, templateBody } from './test-helpers.js';

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

  it('sends an uploaded header example through the Resumable Upload API and publishes its handle', async () => {
    const mediaId = await uploadPng();
    const t = await newTemplate(ctx, admin, channelId, {
      name: 'sandbox_image',
      headerType: 'image',
      headerText: null,
      headerExampleMediaId: mediaId,
      examples: { body: ['Rina', 'SP-1042'] },
    });
    expect(t).toMatchObject({
      headerExampleMediaId: mediaId,
      headerExampleFilename: 'katalog.png',
      headerExampleUrl: null,
    });
    const res = await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`);
    expect(res.statusCode, res.body).toBe(200);

    const calls = (await sandbox.inject({ url: '/sandbox/calls' })).json() as {
      data: { method: string; path: string; body: unknown; response: unknown }[];
    };
    const session = calls.data.find((c) => c.path === '/v21.0/test-app/uploads');
    expect(session?.response).toMatchObject({ id: expect.stringMatching(/^upload:/) });
    const sent = calls.data.find((c) => c.path.startsWith('/v21.0/upload:'));
    expect(sent?.body).toEqual({ bytes: PNG.length });
    const handle = (sent?.response as { h: string }).h;
    const created = calls.data.find(
      (c) =>
        c.path.endsWith('/message_templates') &&
        (c.body as { name?: string } | undefined)?.name === 'sandbox_image',
    );
    expect((created?.body as { components: unknown[] }).components[0]).toEqual({
      type: 'HEADER',
      format: 'IMAGE',
      example: { header_handle: [handle] },
    });
    expect(await settled(t._id)).toMatchObject({ status: 'accepted' });
  });

  it('refuses to publish a template edited while its example was being uploaded', async () => {
    const mediaId = await uploadPng();
    const body = templateBody(channelId, {
      name: 'sandbox_edited',
      headerType: 'image',
      headerText: null,
      headerExampleMediaId: mediaId,
      examples: { body: ['Rina', 'SP-1042'] },
    });
    const t = await newTemplate(ctx, admin, channelId, body);
    // The upload happens before the row is locked; the manager saves a change meanwhile.
    const upload = MetaTemplatesClient.prototype.uploadHeaderExample;
    const spy = vi
      .spyOn(MetaTemplatesClient.prototype, 'uploadHeaderExample')
      .mockImplementationOnce(async function (this: MetaTemplatesClient, ...args) {
        const handle = await upload.apply(this, args);
        const edit = await call(ctx, admin, 'PUT', `/api/hsm/${t._id}`, {
          ...body,
          content: 'Halo {{1}}, pesanan {{2}} sedang dikemas.',
        });
        expect(edit.statusCode, edit.body).toBe(200);
        return handle;
      });
    try {
      const res = await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TEMPLATE_MESSAGES.changedWhilePublishing);
    } finally {
      spy.mockRestore();
    }
    const after = (await call(ctx, admin, 'GET', `/api/hsm/${t._id}`)).json() as Template;
    expect(after).toMatchObject({
      status: 'draft',
      content: 'Halo {{1}}, pesanan {{2}} sedang dikemas.',
    });
    // Published again, the edited text is what reaches Meta.
    const again = await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses an example file of the wrong kind, and a link into a private network', async () => {
    const pdf = await ctx.deps.db
      .insertInto('media')
      .values({
        account_id: admin.accountId,
        storage_key: 'nowhere/a.pdf',
        mime_type: 'application/pdf',
        size_bytes: 10,
        sha256: 'x',
        filename: 'a.pdf',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wrong = await call(ctx, admin, 'POST', '/api/hsm', {
      ...templateBody(channelId, { name: 'wrong_kind' }),
      headerType: 'image',
      headerExampleMediaId: pdf.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: 'headerExampleMediaId', message: TEMPLATE_RULES.exampleFile },
    ]);

    const inside = await newTemplate(ctx, admin, channelId, {
      name: 'sandbox_inside',
      headerType: 'image',
      headerExampleUrl: 'https://127.0.0.1/admin.png',
    });
    const refused = await call(ctx, admin, 'POST', `/api/hsm/${inside._id}/publish`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TEMPLATE_MESSAGES.exampleUnreachable);
    expect((await call(ctx, admin, 'GET', `/api/hsm/${inside._id}`)).json().status).toBe('draft');
  });
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e90000000049454e44ae426082',
  'hex',
);

/** A PNG uploaded through `POST /api/media`, as the template builder does. */
async function uploadPng(): Promise<string> {
  const boundary = '----sapa-example';
  const media = await ctx.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="katalog.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(media.statusCode, media.body).toBe(201);
  return media.json()._id as string;
}
