import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NUMBER } from '@sapa/sandbox';
import { csatReplyId } from '@sapa/contracts';
import type { TestContext } from '../../test/harness.js';
import { sandboxPair, until, type SandboxPair } from '../../test/sandbox-pair.js';
import {
  createAccount,
  createUser,
  createWhatsappChannel,
  type TestUser,
} from '../../test/fixtures.js';
import { fundAccount } from '../../test/fixtures-inbox.js';
import { csatIdle } from './runtime.js';
import { setCsat } from './test-helpers.js';

/**
 * The survey against the local Meta sandbox, over real HTTP both ways with the real workers:
 * the sandbox takes WhatsApp's interactive list and the survey template as Meta would, and its
 * customer's tap and comment come back as Meta's webhooks.
 */
let pair: SandboxPair;
let ctx: TestContext;
let sandboxUrl: string;
let admin: TestUser;
let accountId: string;

beforeAll(async () => {
  pair = await sandboxPair({ jobs: 'pg-boss', sandboxEnv: { STATUS_DELAY_MS: '20' } });
  ({ ctx, sandboxUrl } = pair);
  // The sandbox stamps webhooks with the real time; the services read the same.
  ctx.clock.set(new Date());
  accountId = await createAccount(ctx, { name: 'Demo Company' });
  await fundAccount(ctx, accountId);
  await setCsat(ctx, accountId, true);
  admin = await createUser(ctx, accountId, { role: 'admin' });
  const channel = await createWhatsappChannel(ctx, accountId, {
    phoneNumberId: DEMO_NUMBER.phoneNumberId,
    token: DEMO_NUMBER.accessToken,
  });
  // The demo WABA's approved survey template, as the sandbox seeds it.
  await ctx.deps.db
    .insertInto('templates')
    .values({
      account_id: accountId,
      channel_id: channel.id,
      name: 'csat_survey',
      category: 'UTILITY',
      language: 'id',
      content:
        'Terima kasih telah menghubungi Demo Company. Mohon beri nilai layanan kami di sini: {{1}} Jawaban Anda sangat berarti bagi kami.',
      examples: JSON.stringify({ body: ['https://app.sapa.id/csat/contoh'] }),
      footer: 'Demo Company',
      status: 'accepted',
      provider_template_id: '880000000000003',
    })
    .execute();
}, 60_000);
afterAll(async () => {
  await pair?.close();
});

const customer = async (waId: string, body: Record<string, unknown>) => {
  const res = await fetch(`${sandboxUrl}/sandbox/customers/${waId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumberId: DEMO_NUMBER.phoneNumberId, name: 'Rina', ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
};
const chatOf = (waId: string) =>
  ctx.deps.db.selectFrom('chats').select(['id']).where('identifier', '=', waId).executeTakeFirst();
const surveyOf = (chatId: string) =>
  ctx.deps.db
    .selectFrom('csat_surveys')
    .selectAll()
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
const statusOf = async (id: number | null) =>
  (
    await ctx.deps.db
      .selectFrom('messages')
      .select('status')
      .where('id', '=', Number(id))
      .executeTakeFirst()
  )?.status;
const responseOf = (surveyId: string) =>
  ctx.deps.db
    .selectFrom('csat_responses')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();

async function resolve(chatId: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/chats/resolve-ticket',
    headers: admin.auth,
    payload: { chatId, agentId: admin.id },
  });
  expect(res.statusCode).toBe(200);
  await csatIdle(ctx.deps);
}

describe('the survey against the Meta sandbox', () => {
  it('list in the window: delivered, tapped 4, commented', { timeout: 40_000 }, async () => {
    const waId = '6281700000101';
    await customer(waId, { type: 'text', text: 'Paketnya sudah sampai' });
    const chat = await until(() => chatOf(waId));
    await resolve(chat.id);
    const survey = await until(() => surveyOf(chat.id));
    expect(survey.via).toBe('interactive');
    await until(async () => (await statusOf(survey.message_id)) === 'delivered');

    await customer(waId, {
      type: 'interactive',
      interactive: {
        type: 'list_reply',
        list_reply: { id: csatReplyId(survey.id, 4), title: '4 - Good', description: '★★★★☆' },
      },
    });
    await until(() => responseOf(survey.id));
    await customer(waId, { type: 'text', text: 'Kurirnya ramah' });
    const answered = await until(async () => {
      const r = await responseOf(survey.id);
      return r?.comment ? r : null;
    });
    expect(answered).toMatchObject({ rating: 4, comment: 'Kurirnya ramah', source: 'chat' });
  });

  it(
    'template after 24 hours: the sandbox accepts it and delivers the link',
    { timeout: 40_000 },
    async () => {
      const waId = '6281700000102';
      await customer(waId, {
        type: 'text',
        text: 'Kemarin saya tanya soal retur',
        timestamp: Math.floor(Date.now() / 1000) - 25 * 3600,
      });
      const chat = await until(() => chatOf(waId));
      await resolve(chat.id);
      const survey = await until(() => surveyOf(chat.id));
      expect(survey.via).toBe('template');
      await until(async () => (await statusOf(survey.message_id)) === 'delivered');
    },
  );
});
