import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TEMPLATE_MESSAGES, TEMPLATE_RULES, type Template } from '@sapa/contracts';
import { createTestContext, type TestContext } from '../../test/harness.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { GraphStub } from '../../test/graph-stub.js';
import { signed } from '../../test/whatsapp-fixtures.js';
import { registerTemplateWorkers, runTemplateSyncJob } from './status-sync.js';
import { call, newTemplate, templateBody, templateStatusWebhook } from './test-helpers.js';

let ctx: TestContext;
let graph: GraphStub;
let admin: TestUser;
let supervisor: TestUser;
let agent: TestUser;
let stranger: TestUser;
let channelId: string;
let strangerChannel: string;
const WABA = '200000000000001';

beforeAll(async () => {
  graph = await new GraphStub().start();
  ctx = await createTestContext({ graphApiUrl: graph.url });
  const accountId = await createAccount(ctx);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  supervisor = await createUser(ctx, accountId, { role: 'supervisor' });
  agent = await createUser(ctx, accountId, { role: 'agent' });
  channelId = (await createWhatsappChannel(ctx, accountId, { token: 'waba-token' })).id;
  const other = await createAccount(ctx);
  stranger = await createUser(ctx, other, { role: 'admin' });
  strangerChannel = (await createWhatsappChannel(ctx, other)).id;
});
afterAll(async () => {
  await ctx.close();
  await graph.stop();
});

const webhook = (payload: unknown) => {
  const { body, headers } = signed(payload);
  return ctx.app.inject({ method: 'POST', url: '/webhooks/meta', payload: body, headers });
};
const get = async (user: TestUser, id: string) =>
  (await call(ctx, user, 'GET', `/api/hsm/${id}`)).json() as Template;
let seq = 0;
const uniqueName = () => `tpl_${Date.now().toString(36)}_${seq++}`;

async function published(name = uniqueName(), providerId = String(1e15 + seq++)) {
  const t = await newTemplate(ctx, admin, channelId, { name });
  graph.reply({ status: 200, body: { id: providerId, status: 'PENDING', category: 'UTILITY' } });
  const res = await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`);
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json() as Template), providerId };
}

describe('templates CRUD', () => {
  it('creates a draft, reads, lists, searches, edits and deletes it', async () => {
    const name = uniqueName();
    const t = await newTemplate(ctx, supervisor, channelId, { name });
    expect(t).toMatchObject({
      name,
      status: 'draft',
      channel: 'whatsapp',
      channelId,
      headerType: 'text',
      headerParam: true,
      bodyParamCount: 2,
      examples: { body: ['Rina', 'SP-1042'], header: '#1042' },
      templateId: null,
      isWelcome: false,
    });
    // Quick replies first, as Meta groups them.
    expect(t.buttons.map((b) => b.type)).toEqual(['chat', 'link']);

    expect((await get(agent, t._id)).name).toBe(name);
    const found = await call(ctx, agent, 'GET', `/api/hsm?searchText=${name}`);
    expect(found.json()).toMatchObject({ total: 1, data: [{ _id: t._id }] });

    const edited = await call(
      ctx,
      admin,
      'PUT',
      `/api/hsm/${t._id}`,
      templateBody(channelId, { name, footer: null, headerType: null }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ footer: null, headerType: null, headerParam: false });

    expect((await call(ctx, admin, 'DELETE', `/api/hsm/${t._id}`)).json()).toEqual({ ok: true });
    expect((await call(ctx, admin, 'GET', `/api/hsm/${t._id}`)).statusCode).toBe(404);
  });

  it('validates with the shared contract and spec wording', async () => {
    const res = await call(
      ctx,
      admin,
      'POST',
      '/api/hsm',
      templateBody(channelId, { name: 'Bad Name', content: '', footer: '' }),
    );
    expect(res.statusCode).toBe(400);
    const issues = (res.json() as { issues: { path: string; message: string }[] }).issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: TEMPLATE_RULES.nameFormat },
        { path: 'content', message: 'The content field is required' },
        { path: 'footer', message: 'The footer field is required' },
      ]),
    );
  });

  it('refuses a duplicate name and language on the channel, and another account’s channel', async () => {
    const name = uniqueName();
    await newTemplate(ctx, admin, channelId, { name });
    const dup = await call(ctx, admin, 'POST', '/api/hsm', templateBody(channelId, { name }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: TEMPLATE_MESSAGES.nameTaken });
    const english = await call(
      ctx,
      admin,
      'POST',
      '/api/hsm',
      templateBody(channelId, { name, language: 'en' }),
    );
    expect(english.statusCode).toBe(201);
    const foreign = await call(ctx, admin, 'POST', '/api/hsm', templateBody(strangerChannel));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ message: TEMPLATE_MESSAGES.channelNotWhatsapp });
  });

  it('lets agents read but not write; keeps accounts apart', async () => {
    const t = await newTemplate(ctx, admin, channelId, { name: uniqueName() });
    expect((await call(ctx, agent, 'POST', '/api/hsm', templateBody(channelId))).statusCode).toBe(
      403,
    );
    expect((await call(ctx, agent, 'DELETE', `/api/hsm/${t._id}`)).statusCode).toBe(403);
    expect((await call(ctx, agent, 'POST', `/api/hsm/${t._id}/publish`)).statusCode).toBe(403);
    expect(
      (await call(ctx, agent, 'POST', '/api/hsm/welcome', { templateId: null })).statusCode,
    ).toBe(403);
    expect((await call(ctx, stranger, 'GET', `/api/hsm/${t._id}`)).statusCode).toBe(404);
    expect((await call(ctx, stranger, 'DELETE', `/api/hsm/${t._id}`)).statusCode).toBe(404);
    const theirs = (await call(ctx, stranger, 'GET', '/api/hsm')).json() as { total: number };
    expect(theirs.total).toBe(0);
  });

  it('pages newest first with a keyset', async () => {
    for (let i = 0; i < 3; i++) await newTemplate(ctx, admin, channelId, { name: uniqueName() });
    const all = (await call(ctx, admin, 'GET', '/api/hsm?perpage=100')).json() as {
      data: Template[];
      total: number;
    };
    const seen: string[] = [];
    let key: string | null = null;
    do {
      const page = (
        await call(ctx, admin, 'GET', `/api/hsm?perpage=2${key ? `&startKey=${key}` : ''}`)
      ).json() as { data: Template[]; nextKey: string | null; total: number };
      expect(page.total).toBe(all.total);
      seen.push(...page.data.map((t) => t._id));
      key = page.nextKey;
    } while (key);
    expect(seen).toEqual(all.data.map((t) => t._id));
    expect((await call(ctx, admin, 'GET', '/api/hsm?startKey=garbage')).statusCode).toBe(400);
  });

  it('answers counts per status and the option lists', async () => {
    const count = (await call(ctx, agent, 'GET', '/api/hsm/count')).json() as {
      total: number;
      byStatus: Record<string, number>;
    };
    expect(count.total).toBe(Object.values(count.byStatus).reduce((a, b) => a + b, 0));
    expect(Object.keys(count.byStatus).sort()).toEqual([
      'accepted',
      'draft',
      'published',
      'rejected',
    ]);
    const cats = (await call(ctx, agent, 'GET', '/api/hsm/categories')).json() as {
      data: { value: string }[];
    };
    expect(cats.data.map((c) => c.value)).toEqual(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
    const headers = (await call(ctx, agent, 'GET', '/api/hsm/header-types')).json() as {
      data: { value: string }[];
    };
    expect(headers.data.map((c) => c.value)).toEqual(['text', 'image', 'video', 'document']);
    const langs = (await call(ctx, agent, 'GET', '/api/hsm/languages')).json() as {
      data: { value: string }[];
    };
    expect(langs.data.map((l) => l.value)).toEqual(expect.arrayContaining(['id', 'en', 'en_US']));
  });
});

describe('publishing and Meta’s verdict', () => {
  it('submits Meta’s body shape with the channel token, then locks the template', async () => {
    graph.calls.length = 0;
    const t = await published();
    expect(t).toMatchObject({ status: 'published', templateId: t.providerId });
    const sent = graph.calls[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe(`/v21.0/${WABA}/message_templates`);
    expect(sent.auth).toBe('Bearer waba-token');
    expect(sent.body).toEqual({
      name: t.name,
      language: 'id',
      category: 'UTILITY',
      parameter_format: 'POSITIONAL',
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Pesanan {{1}}',
          example: { header_text: ['#1042'] },
        },
        {
          type: 'BODY',
          text: 'Halo {{1}}, pesanan {{2}} sudah dikirim.',
          example: { body_text: [['Rina', 'SP-1042']] },
        },
        { type: 'FOOTER', text: 'Toko Maju' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Berhenti' },
            { type: 'URL', text: 'Lacak', url: 'https://toko.test/lacak' },
          ],
        },
      ],
    });
    const put = await call(ctx, admin, 'PUT', `/api/hsm/${t._id}`, templateBody(channelId));
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ message: TEMPLATE_MESSAGES.notEditable });
    expect((await call(ctx, admin, 'DELETE', `/api/hsm/${t._id}`)).statusCode).toBe(409);
    expect((await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`)).statusCode).toBe(409);
  });

  it('shows Meta’s refusal as “Oops, something went wrong” with Meta’s words, and stays a draft', async () => {
    const t = await newTemplate(ctx, admin, channelId, { name: uniqueName() });
    graph.reply({
      status: 400,
      body: {
        error: {
          message: 'Invalid parameter',
          code: 100,
          error_subcode: 2388024,
          error_data: { details: 'Content in this language already exists' },
        },
      },
    });
    const res = await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: MESSAGES.templateFailed,
      code: 'PROVIDER_ERROR',
      issues: [{ path: 'provider', message: 'Content in this language already exists' }],
    });
    expect((await get(admin, t._id)).status).toBe('draft');
    graph.reply({ status: 503, body: { error: { message: 'down', code: 2 } } });
    expect((await call(ctx, admin, 'POST', `/api/hsm/${t._id}/publish`)).statusCode).toBe(502);
  });

  it('moves to accepted or rejected on the status webhook; unknown templates are acknowledged', async () => {
    const a = await published();
    const r = await published();
    expect((await webhook(templateStatusWebhook(WABA, a.providerId, 'APPROVED'))).statusCode).toBe(
      200,
    );
    await webhook(templateStatusWebhook(WABA, r.providerId, 'REJECTED', 'ABUSIVE_CONTENT'));
    expect(await get(admin, a._id)).toMatchObject({ status: 'accepted', rejectionReason: null });
    expect(await get(admin, r._id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'ABUSIVE_CONTENT',
    });
    // Another WABA's template with the same id is not ours.
    await webhook(templateStatusWebhook('999', a.providerId, 'PAUSED'));
    expect((await get(admin, a._id)).status).toBe('accepted');
    const unknown = await webhook(templateStatusWebhook(WABA, '123456789', 'APPROVED'));
    expect(unknown.statusCode).toBe(200);

    // A paused template cannot be sent: rejected with the reason PAUSED.
    await webhook(templateStatusWebhook(WABA, a.providerId, 'PAUSED'));
    expect(await get(admin, a._id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'PAUSED',
    });
  });

  it('applies a verdict that arrives before the publish has committed', async () => {
    const t = await newTemplate(ctx, admin, channelId, { name: uniqueName() });
    const providerId = String(2e15 + seq++);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Stands in for publish: the row is locked and carries Meta's id, not yet committed.
    const publishing = ctx.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('templates')
        .set({ status: 'published', provider_template_id: providerId })
        .where('id', '=', t._id)
        .execute();
      await held;
    });
    const hook = webhook(templateStatusWebhook(WABA, providerId, 'APPROVED', 'NONE', t.name));
    let answered = false;
    void hook.then(() => (answered = true));
    // Release once the webhook waits on the row lock (or answered without waiting: a failure).
    // pg_locks is cluster-wide and other test files run beside this one: count only waiters
    // connected to this file's own database.
    while (!answered) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE NOT l.granted AND a.datname = current_database()`.execute(ctx.deps.db);
      if ((rows[0]?.n ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await publishing;
    expect((await hook).statusCode).toBe(200);
    expect((await get(admin, t._id)).status).toBe('accepted');
  });

  it('re-submits a rejected template as an edit at Meta, and deletes it at Meta too', async () => {
    const r = await published();
    await webhook(templateStatusWebhook(WABA, r.providerId, 'REJECTED', 'INVALID_FORMAT'));
    const fixed = await call(
      ctx,
      admin,
      'PUT',
      `/api/hsm/${r._id}`,
      templateBody(channelId, { name: r.name, content: 'Halo {{1}}, pesanan {{2}} siap ya.' }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    graph.calls.length = 0;
    graph.reply({ status: 200, body: { success: true } });
    const again = await call(ctx, admin, 'POST', `/api/hsm/${r._id}/publish`);
    expect(again.json()).toMatchObject({ status: 'published', rejectionReason: null });
    expect(graph.calls[0]).toMatchObject({ method: 'POST', path: `/v21.0/${r.providerId}` });

    await webhook(templateStatusWebhook(WABA, r.providerId, 'REJECTED', 'PROMOTIONAL'));
    graph.calls.length = 0;
    graph.reply({ status: 200, body: { success: true } });
    expect((await call(ctx, admin, 'DELETE', `/api/hsm/${r._id}`)).statusCode).toBe(200);
    expect(graph.calls[0]).toMatchObject({
      method: 'DELETE',
      path: `/v21.0/${WABA}/message_templates?name=${r.name}&hsm_id=${r.providerId}`,
    });
  });

  it('syncs statuses from Meta’s list for templates still under review', async () => {
    const a = await published();
    const r = await published();
    graph.calls.length = 0;
    graph.reply({
      status: 200,
      body: {
        data: [
          { id: a.providerId, name: a.name, language: 'id', status: 'APPROVED' },
          {
            id: r.providerId,
            name: r.name,
            language: 'id',
            status: 'REJECTED',
            rejected_reason: 'SCAM',
          },
          { id: '42', name: 'made_elsewhere', language: 'en', status: 'APPROVED' },
        ],
        paging: { cursors: {} },
      },
    });
    const { changed } = await runTemplateSyncJob(ctx.deps);
    expect(changed).toBeGreaterThanOrEqual(2);
    expect(graph.calls[0]?.path).toMatch(new RegExp(`^/v21.0/${WABA}/message_templates\\?`));
    expect((await get(admin, a._id)).status).toBe('accepted');
    expect(await get(admin, r._id)).toMatchObject({ status: 'rejected', rejectionReason: 'SCAM' });
  });

  it('schedules the sync every 5 minutes and runs it as a job', async () => {
    await registerTemplateWorkers(ctx.deps);
    expect(ctx.jobs.schedules).toContainEqual({ name: 'templates.sync', cron: '*/5 * * * *' });
    const p = await published();
    graph.reply({
      status: 200,
      body: { data: [{ id: p.providerId, name: p.name, language: 'id', status: 'APPROVED' }] },
    });
    await ctx.jobs.enqueue('templates.sync', {});
    await ctx.jobs.drain();
    expect((await get(admin, p._id)).status).toBe('accepted');
  });

  it('chooses one accepted template to open conversations', async () => {
    const a = await published();
    const b = await published();
    const draft = await newTemplate(ctx, admin, channelId, { name: uniqueName() });
    await webhook(templateStatusWebhook(WABA, a.providerId, 'APPROVED'));
    await webhook(templateStatusWebhook(WABA, b.providerId, 'APPROVED'));

    const notAccepted = await call(ctx, admin, 'POST', '/api/hsm/welcome', {
      templateId: draft._id,
    });
    expect(notAccepted.statusCode).toBe(409);
    expect(notAccepted.json()).toMatchObject({ message: TEMPLATE_MESSAGES.welcomeNotAccepted });

    await call(ctx, admin, 'POST', '/api/hsm/welcome', { templateId: a._id });
    const set = await call(ctx, supervisor, 'POST', '/api/hsm/welcome', { templateId: b._id });
    expect(set.json()).toMatchObject({ template: { _id: b._id, isWelcome: true } });
    expect((await get(admin, a._id)).isWelcome).toBe(false);
    expect((await call(ctx, agent, 'GET', '/api/hsm/welcome')).json()).toMatchObject({
      template: { _id: b._id },
    });
    // A template Meta pauses stops opening conversations.
    await webhook(templateStatusWebhook(WABA, b.providerId, 'PAUSED'));
    expect((await call(ctx, agent, 'GET', '/api/hsm/welcome')).json()).toEqual({ template: null });
  });
});
