import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@sapa/contracts';
import { newCustomer } from '../../test/customer.js';
import { runCsatSweep } from './sweep.job.js';
import {
  DAY,
  csatWorld,
  customerWhoWrote,
  messagesOf,
  resolve,
  responseOf,
  signInAgain,
  surveysOf,
  type CsatWorld,
} from './test-helpers.js';

let w: CsatWorld;
beforeAll(async () => {
  w = await csatWorld();
  await w.ctx.deps.db
    .insertInto('templates')
    .values({
      account_id: w.accountId,
      channel_id: w.channel.id,
      name: 'csat_survey',
      category: 'UTILITY',
      language: 'id',
      content: 'Mohon nilai layanan kami: {{1}} Terima kasih!',
      examples: JSON.stringify({ body: ['https://sapa.test/csat/x'] }),
      status: 'accepted',
      provider_template_id: 'tpl-csat-id',
    })
    .execute();
}, 60_000);
afterAll(() => w.close());

let address = 0;
/** Each call from its own address unless told, so the page's limit is tested on purpose only. */
const page = (
  method: 'GET' | 'POST',
  token: string,
  payload?: Record<string, unknown>,
  ip?: string,
) =>
  w.ctx.app.inject({
    method,
    url: `/api/public/csat/${token}`,
    remoteAddress: ip ?? `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
    ...(payload === undefined ? {} : { payload }),
  });

/** A survey sent outside the window, as the customer's link names it. */
async function linked() {
  await signInAgain(w);
  const chatId = await customerWhoWrote(w, newCustomer(), 2 * DAY);
  await resolve(w, w.agent, chatId);
  const [survey] = await surveysOf(w, chatId);
  const sent = (await messagesOf(w, chatId)).find((m) => m.id === survey!.message_id)!;
  const token = /\/csat\/([A-Za-z0-9_-]{43})/.exec(sent.text)![1]!;
  return { chatId, survey: survey!, token };
}

describe('the public survey page', () => {
  it('shows the survey, takes one answer with its comment, and the conversation shows it', async () => {
    const { chatId, survey, token } = await linked();
    const open = await page('GET', token);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      status: 'open',
      language: 'en',
      business: 'Toko Sapa',
      channel: 'whatsapp',
      expiresAt: new Date(survey.sent_at.getTime() + 14 * DAY).toISOString(),
      rating: null,
      comment: null,
      answeredAt: null,
    });

    const answered = await page('POST', token, { rating: 5, comment: '  Cepat dan ramah  ' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      rating: 5,
      comment: 'Cepat dan ramah',
    });
    expect(await responseOf(w, survey.id)).toEqual([
      expect.objectContaining({ rating: 5, comment: 'Cepat dan ramah', source: 'page' }),
    ]);
    expect(w.received.filter((e) => e.surveyId === survey.id)).toEqual([
      expect.objectContaining({ rating: 5, comment: 'Cepat dan ramah', agentId: w.agent.id }),
    ]);
    const card = (await messagesOf(w, chatId)).at(-1)!;
    expect(card).toMatchObject({
      msg_type: 'information',
      text: 'Customer rated 5/5: “Cepat dan ramah”',
      payload: { csat: { kind: 'answer', source: 'page', rating: 5 } },
    });

    // One answer: the second is refused and changes nothing; the page then shows the first.
    const again = await page('POST', token, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MESSAGES.csatAnswered });
    expect((await page('GET', token)).json()).toMatchObject({ status: 'answered', rating: 5 });
    expect(await responseOf(w, survey.id)).toHaveLength(1);
  });

  it('two submits at once store one answer', async () => {
    const { survey, token } = await linked();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => page('POST', token, { rating })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await responseOf(w, survey.id)).toHaveLength(1);
    expect(w.received.filter((e) => e.surveyId === survey.id)).toHaveLength(1);
  });

  it('expires 14 days after it was sent, on the clock the server reads', async () => {
    const { survey, token } = await linked();
    w.ctx.clock.advance(14 * DAY - 1_000);
    expect((await page('GET', token)).json()).toMatchObject({ status: 'open' });
    w.ctx.clock.advance(1_000);
    expect((await page('GET', token)).json()).toMatchObject({ status: 'expired' });
    const late = await page('POST', token, { rating: 4 });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ message: MESSAGES.csatExpired });
    expect(await responseOf(w, survey.id)).toHaveLength(0);
    await runCsatSweep(w.ctx.deps);
    expect((await surveysOf(w, survey.chat_id))[0]!.status).toBe('expired');
  });

  it('refuses bad input with a clear 4xx, never a 500', async () => {
    const { token } = await linked();
    const unknown = 'A'.repeat(43);
    expect((await page('GET', unknown)).statusCode).toBe(404);
    expect((await page('GET', unknown)).json()).toMatchObject({ message: MESSAGES.csatNotFound });
    expect((await page('GET', 'short')).statusCode).toBe(400);
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '4' },
      {},
      { rating: 4, comment: 'x'.repeat(1001) },
      { rating: 4, comment: 'a\u0000b' },
    ]) {
      const res = await page('POST', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await page('GET', token)).json()).toMatchObject({ status: 'open' });
  });

  it('limits how often one address may ask', async () => {
    const { token } = await linked();
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push((await page('GET', token, undefined, '10.9.9.9')).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
    // Another address is not held up.
    expect((await page('GET', token)).statusCode).toBe(200);
  });
});
