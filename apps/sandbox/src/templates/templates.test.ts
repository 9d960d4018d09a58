import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '../config.js';
import { AUTH, PNID, testSandbox, verifySignature, type WebhookReceiver } from '../test/helpers.js';
import { DEMO_TEMPLATES, newTemplateId } from './book.js';

let app: FastifyInstance;
let receiver: WebhookReceiver;
let secret: string;
const WABA = DEMO_NUMBER.wabaId;

beforeEach(async () => {
  const built = await testSandbox({ templateReviewMs: 20, templateBannedWords: ['forbidden'] });
  ({ app, receiver } = built);
  secret = built.config.appSecret;
});
afterEach(async () => {
  await app.close();
  await receiver.stop();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'shipping_notice',
  language: 'en_US',
  category: 'UTILITY',
  parameter_format: 'POSITIONAL',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#1'] } },
    { type: 'BODY', text: 'Hi {{1}}, it ships {{2}}.', example: { body_text: [['Ana', 'today']] } },
    { type: 'FOOTER', text: 'Thanks' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop' }] },
  ],
  ...overrides,
});

const create = (payload: unknown, headers = AUTH) =>
  app.inject({
    method: 'POST',
    url: `/v21.0/${WABA}/message_templates`,
    headers,
    payload: payload as object,
  });

interface TemplateStatusValue {
  event: string;
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
  reason: string;
  message_template_category: string;
}

const statusUpdates = () =>
  receiver.received.flatMap((w) =>
    w.json.entry.flatMap((e) =>
      e.changes
        .filter((c) => c.field === 'message_template_status_update')
        .map((c) => ({ wabaId: e.id, ...(c.value as unknown as TemplateStatusValue) })),
    ),
  );

const sendTemplate = (template: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/v21.0/${PNID}/messages`,
    headers: AUTH,
    payload: { messaging_product: 'whatsapp', to: '6281234567890', type: 'template', template },
  });

describe('message templates', () => {
  it('makes 16-digit ids that survive the webhook’s JSON number', () => {
    for (let i = 0; i < 2000; i++) {
      const id = newTemplateId();
      expect(id).toMatch(/^\d{16}$/);
      expect(String(Number(id))).toBe(id);
    }
  });

  it('creates PENDING, approves after the delay and sends the signed status webhook', async () => {
    const res = await create(body());
    expect(res.statusCode, res.body).toBe(200);
    const { id, status, category } = res.json<{ id: string; status: string; category: string }>();
    expect(status).toBe('PENDING');
    expect(category).toBe('UTILITY');
    expect(id).toMatch(/^\d{16}$/);
    // The webhook sends the id as a JSON number: it must survive a double exactly.
    expect(String(Number(id))).toBe(id);

    await receiver.waitFor(() => statusUpdates().length > 0);
    expect(statusUpdates()[0]).toEqual({
      wabaId: WABA,
      event: 'APPROVED',
      message_template_id: Number(id),
      message_template_name: 'shipping_notice',
      message_template_language: 'en_US',
      reason: 'NONE',
      message_template_category: 'UTILITY',
    });
    const hook = receiver.received[0]!;
    expect(verifySignature(hook.raw, hook.headers['x-hub-signature-256'], secret)).toBe(true);

    const read = await app.inject({ method: 'GET', url: `/v21.0/${id}`, headers: AUTH });
    expect(read.json()).toMatchObject({ id, name: 'shipping_notice', status: 'APPROVED' });
  });

  it('rejects a banned word as ABUSIVE_CONTENT and a body ending in a variable as INVALID_FORMAT', async () => {
    const abusive = body({
      name: 'bad_one',
      components: [{ type: 'BODY', text: 'This is FORBIDDEN stuff.' }],
    });
    const edge = body({
      name: 'edge_one',
      components: [{ type: 'BODY', text: 'Hello {{1}}', example: { body_text: [['x']] } }],
    });
    expect((await create(abusive)).statusCode).toBe(200);
    expect((await create(edge)).statusCode).toBe(200);
    await receiver.waitFor(() => statusUpdates().length === 2);
    const byName = Object.fromEntries(
      statusUpdates().map((u) => [u.message_template_name, [u.event, u.reason]]),
    );
    expect(byName).toEqual({
      bad_one: ['REJECTED', 'ABUSIVE_CONTENT'],
      edge_one: ['REJECTED', 'INVALID_FORMAT'],
    });
    const list = await app.inject({
      method: 'GET',
      url: `/v21.0/${WABA}/message_templates?name=bad_one`,
      headers: AUTH,
    });
    expect(list.json()).toMatchObject({
      data: [{ name: 'bad_one', status: 'REJECTED', rejected_reason: 'ABUSIVE_CONTENT' }],
    });
  });

  it('validates like Meta: name, category, example count, duplicates, token', async () => {
    const bad = await create(body({ name: 'Bad Name' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 100 } });
    expect(bad.json<{ error: { message: string } }>().error.message).toContain('name');
    expect((await create(body({ category: 'PROMO' }))).statusCode).toBe(400);
    const noExamples = await create(
      body({ components: [{ type: 'BODY', text: 'Hi {{1}} there' }] }),
    );
    expect(noExamples.json()).toMatchObject({ error: { code: 100, error_subcode: 2388043 } });
    const urlVariable = (example?: string[]) =>
      create(
        body({
          name: 'track_link',
          components: [
            { type: 'BODY', text: 'Your parcel is on its way.' },
            {
              type: 'BUTTONS',
              buttons: [
                {
                  type: 'URL',
                  text: 'Track',
                  url: 'https://x.test/t/{{1}}',
                  ...(example ? { example } : {}),
                },
              ],
            },
          ],
        }),
      );
    expect((await urlVariable()).json()).toMatchObject({ error: { error_subcode: 2388043 } });
    expect((await urlVariable(['https://x.test/t/42'])).statusCode).toBe(200);

    expect((await create(body())).statusCode).toBe(200);
    const dup = await create(body());
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ error: { code: 100, error_subcode: 2388024 } });
    expect((await create(body(), { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('lists with paging, deletes by name', async () => {
    for (const n of ['a_one', 'a_two', 'a_three']) await create(body({ name: n }));
    const first = await app.inject({
      method: 'GET',
      url: `/v21.0/${WABA}/message_templates?limit=2`,
      headers: AUTH,
    });
    let page = first.json<{ data: { name: string }[]; paging: { next?: string } }>();
    expect(page.data).toHaveLength(2);
    const names = page.data.map((t) => t.name);
    while (page.paging.next) {
      const next = new URL(page.paging.next);
      page = (
        await app.inject({ method: 'GET', url: next.pathname + next.search, headers: AUTH })
      ).json();
      names.push(...page.data.map((t) => t.name));
    }
    // hello_world, the three demo templates and the three new ones.
    expect(names).toHaveLength(7);

    const del = await app.inject({
      method: 'DELETE',
      url: `/v21.0/${WABA}/message_templates?name=a_two`,
      headers: AUTH,
    });
    expect(del.json()).toEqual({ success: true });
    const again = await app.inject({
      method: 'DELETE',
      url: `/v21.0/${WABA}/message_templates?name=a_two`,
      headers: AUTH,
    });
    expect(again.statusCode).toBe(404);
  });

  it('sends only APPROVED templates (132001) with the right parameter count (132000)', async () => {
    expect(
      (await sendTemplate({ name: 'hello_world', language: { code: 'en_US' } })).statusCode,
    ).toBe(200);
    const missing = await sendTemplate({ name: 'nope', language: { code: 'en_US' } });
    expect(missing.json()).toMatchObject({ error: { code: 132001 } });

    // Manual review, so "pending" cannot turn into "approved" under a slow machine.
    await app.inject({
      method: 'PUT',
      url: '/sandbox/templates/review',
      payload: { autoReview: false },
    });
    const { id } = (await create(body())).json<{ id: string }>();
    const pending = await sendTemplate({ name: 'shipping_notice', language: { code: 'en_US' } });
    expect(pending.json()).toMatchObject({ error: { code: 132001 } });
    await app.inject({
      method: 'POST',
      url: `/sandbox/templates/${id}/verdict`,
      payload: { event: 'APPROVED' },
    });

    const header = { type: 'header', parameters: [{ type: 'text', text: '#9' }] };
    const short = await sendTemplate({
      name: 'shipping_notice',
      language: { code: 'en_US' },
      components: [header, { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
    });
    expect(short.json()).toMatchObject({ error: { code: 132000 } });
    const ok = await sendTemplate({
      name: 'shipping_notice',
      language: { code: 'en_US' },
      components: [
        header,
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'today' },
          ],
        },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('has the demo templates approved, and forgets new ones on reset', async () => {
    const demo = DEMO_TEMPLATES[0]!;
    const ok = await sendTemplate({
      name: demo.name,
      language: { code: demo.language },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Rina' },
            { type: 'text', text: 'SP-1' },
          ],
        },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await create(body());
    await app.inject({ method: 'POST', url: '/sandbox/reset' });
    const list = await app.inject({ method: 'GET', url: `/sandbox/templates?wabaId=${WABA}` });
    expect(
      list
        .json<{ data: { name: string }[] }>()
        .data.map((t) => t.name)
        .sort(),
    ).toEqual(['csat_survey', 'hello_world', 'order_update', 'promo_weekend']);
  });

  it('controls: manual review, forced verdicts and edits of rejected templates', async () => {
    await app.inject({
      method: 'PUT',
      url: '/sandbox/templates/review',
      payload: { autoReview: false, bannedWords: ['spam'] },
    });
    const { id } = (await create(body())).json<{ id: string }>();
    const paused = await app.inject({
      method: 'POST',
      url: `/sandbox/templates/${id}/verdict`,
      payload: { event: 'REJECTED', reason: 'PROMOTIONAL' },
    });
    expect(paused.json()).toMatchObject({ status: 'REJECTED', rejected_reason: 'PROMOTIONAL' });
    await receiver.waitFor(() => statusUpdates().length === 1);
    expect(statusUpdates()[0]).toMatchObject({ event: 'REJECTED', reason: 'PROMOTIONAL' });

    await app.inject({
      method: 'PUT',
      url: '/sandbox/templates/review',
      payload: { autoReview: true },
    });
    const edit = await app.inject({
      method: 'POST',
      url: `/v21.0/${id}`,
      headers: AUTH,
      payload: { components: [{ type: 'BODY', text: 'Now it is fine.' }] },
    });
    expect(edit.json()).toEqual({ success: true });
    await receiver.waitFor(() => statusUpdates().length === 2);
    expect(statusUpdates()[1]).toMatchObject({ event: 'APPROVED' });
  });
});
