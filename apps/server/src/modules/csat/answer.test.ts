import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csatReplyId } from '@sapa/contracts';
import { newCustomer } from '../../test/customer.js';
import { createDivision, createUser } from '../../test/fixtures.js';
import { runCsatSweep } from './sweep.job.js';
import {
  DAY,
  HOUR,
  csatWorld,
  customerWhoWrote,
  messagesOf,
  resolve,
  responseOf,
  signInAgain,
  surveysOf,
  tapRow,
  ticketsOf,
  type CsatWorld,
} from './test-helpers.js';

let w: CsatWorld;
beforeAll(async () => {
  w = await csatWorld();
  // Routing would assign every new request at once: a survey answer must not be one.
  await w.ctx.deps.db
    .insertInto('settings')
    .values({ account_id: w.accountId, key: 'currentAutoAssign', value: 'true' })
    .execute();
}, 60_000);
afterAll(() => w.close());

/** A resolved conversation whose customer got the survey in the chat. */
async function surveyed(from = newCustomer()) {
  const chatId = await customerWhoWrote(w, from, HOUR);
  await resolve(w, w.agent, chatId);
  const [survey] = await surveysOf(w, chatId);
  if (survey?.via !== 'interactive') throw new Error('no survey in the chat');
  return { from, chatId, survey };
}

const row = (surveyId: string, rating: 1 | 2 | 3 | 4 | 5, title = `${rating}`) => ({
  id: csatReplyId(surveyId, rating),
  title,
});

describe('a rating tapped in the chat', () => {
  it('is stored once, with who resolved the ticket; a redelivered webhook and a second tap add nothing', async () => {
    const { from, chatId, survey } = await surveyed();
    const id = await tapRow(w, from, row(survey.id, 4, '4 - Good'));
    // Meta redelivers the same webhook; the customer then taps another row.
    await tapRow(w, from, row(survey.id, 4, '4 - Good'), { id });
    await tapRow(w, from, row(survey.id, 2, '2 - Poor'));

    const responses = await responseOf(w, survey.id);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ rating: 4, comment: null, source: 'chat' });
    expect((await surveysOf(w, chatId))[0]).toMatchObject({ status: 'answered' });
    expect(w.received.filter((e) => e.surveyId === survey.id)).toEqual([
      {
        accountId: w.accountId,
        surveyId: survey.id,
        ticketId: survey.ticket_id,
        chatId,
        agentId: w.agent.id,
        channel: 'whatsapp',
        divisionId: null,
        rating: 4,
        comment: null,
        answeredAt: expect.any(Date),
        sentAt: survey.sent_at,
      },
    ]);

    // The conversation shows the taps, the answer's card and the request for a comment.
    const messages = await messagesOf(w, chatId);
    const cards = messages.filter(
      (m) => (m.payload as { csat?: { kind: string } }).csat?.kind === 'answer',
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      msg_type: 'information',
      status: 'received',
      text: 'Customer rated 4/5',
      payload: { csat: { rating: 4, comment: null, source: 'chat' } },
    });
    const prompt = messages.find(
      (m) => (m.payload as { csat?: { kind: string } }).csat?.kind === 'comment_prompt',
    )!;
    expect(prompt).toMatchObject({ msg_type: 'text', status: 'queue', is_system: true });
    expect(prompt.text).toMatch(/^Thank you for your rating! If you would like to tell us more/);
  });

  it('opens no ticket, keeps the chat resolved and unassigned, and routing leaves it alone', async () => {
    const { from, chatId, survey } = await surveyed();
    await tapRow(w, from, row(survey.id, 5));
    const tickets = await ticketsOf(w, chatId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.close_at).not.toBeNull();
    const chat = await w.ctx.deps.db
      .selectFrom('chats')
      .select(['flag', 'agent_id'])
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat).toEqual({ flag: 'gray', agent_id: null });
  });

  it('the next text within 10 minutes is the comment, once; later texts are new requests', async () => {
    const { from, chatId, survey } = await surveyed();
    await tapRow(w, from, row(survey.id, 3));
    w.ctx.clock.advance(5 * 60_000);
    await w.customer.post({ from, body: '  Agak lama menunggu, tapi beres  ' });
    const [response] = await responseOf(w, survey.id);
    expect(response).toMatchObject({ rating: 3, comment: 'Agak lama menunggu, tapi beres' });
    expect(w.commented.filter((e) => e.surveyId === survey.id)).toEqual([
      {
        accountId: w.accountId,
        surveyId: survey.id,
        comment: 'Agak lama menunggu, tapi beres',
        commentedAt: expect.any(Date),
      },
    ]);

    const messages = await messagesOf(w, chatId);
    const card = messages.find((m) => m.id === response!.message_id)!;
    expect(card.text).toBe('Customer rated 3/5: “Agak lama menunggu, tapi beres”');
    expect(card.payload).toMatchObject({ csat: { comment: 'Agak lama menunggu, tapi beres' } });
    expect(messages.at(-1)!.text).toBe('Thank you for your feedback!');
    expect(await ticketsOf(w, chatId)).toHaveLength(1);

    // The comment window closed with the comment: the next text opens a ticket as always.
    await w.customer.post({ from, body: 'Satu lagi: jam buka?' });
    expect((await responseOf(w, survey.id))[0]!.comment).toBe('Agak lama menunggu, tapi beres');
    expect(w.commented.filter((e) => e.surveyId === survey.id)).toHaveLength(1);
    const tickets = await ticketsOf(w, chatId);
    expect(tickets).toHaveLength(2);
    expect(tickets[1]!.close_at).toBeNull();
  });

  it('a text more than 10 minutes after the rating is not its comment', async () => {
    const { from, chatId, survey } = await surveyed();
    await tapRow(w, from, row(survey.id, 5));
    w.ctx.clock.advance(11 * 60_000);
    await runCsatSweep(w.ctx.deps);
    await w.customer.post({ from, body: 'Halo, mau tanya lagi' });
    expect((await responseOf(w, survey.id))[0]!.comment).toBeNull();
    expect(await ticketsOf(w, chatId)).toHaveLength(2);
  });

  it('a tap after 14 days is too late: the survey expired and nothing is stored', async () => {
    await signInAgain(w);
    const { from, chatId, survey } = await surveyed();
    w.ctx.clock.advance(14 * DAY + 1_000);
    await tapRow(w, from, row(survey.id, 5));
    expect(await responseOf(w, survey.id)).toHaveLength(0);
    expect((await surveysOf(w, chatId))[0]!.status).toBe('expired');
  });

  it('a tap naming another chat’s survey is an ordinary message', async () => {
    await signInAgain(w);
    const a = await surveyed();
    const b = newCustomer();
    const chatB = await customerWhoWrote(w, b, HOUR);
    await resolve(w, w.admin, chatB);
    await tapRow(w, b, row(a.survey.id, 1));
    expect(await responseOf(w, a.survey.id)).toHaveLength(0);
    // Not a survey answer: it reopened B's conversation as any message would.
    expect(await ticketsOf(w, chatB)).toHaveLength(2);
  });
});

describe('who sees the answers', () => {
  it('the answer card reaches exactly those who may see the conversation', async () => {
    await signInAgain(w);
    const sales = await createDivision(w.ctx, w.accountId, 'Sales');
    const support = await createDivision(w.ctx, w.accountId, 'Support');
    const salesAgent = await createUser(w.ctx, w.accountId, {
      role: 'agent',
      divisionIds: [sales],
    });
    const supportAgent = await createUser(w.ctx, w.accountId, {
      role: 'agent',
      divisionIds: [support],
    });
    const supportOnly = await createUser(w.ctx, w.accountId, {
      role: 'supervisor',
      divisionIds: [support],
      divisionOnlyView: true,
    });
    const from = newCustomer();
    const chatId = await customerWhoWrote(w, from, HOUR);
    await w.ctx.deps.db
      .updateTable('chats')
      .set({ division_ids: [sales] })
      .where('id', '=', chatId)
      .execute();
    await resolve(w, w.admin, chatId);
    const [survey] = await surveysOf(w, chatId);
    expect(survey!.division_id).toBe(sales);
    await tapRow(w, from, row(survey!.id, 5));
    expect(w.received.find((e) => e.surveyId === survey!.id)?.divisionId).toBe(sales);

    const cardsSeenBy = async (auth: Record<string, string>) => {
      const res = await w.ctx.app.inject({
        method: 'GET',
        url: `/api/messages/paginate?chatId=${chatId}`,
        headers: auth,
      });
      if (res.statusCode !== 200) return `status ${res.statusCode}`;
      const { data } = res.json() as { data: { payload: { csat?: { kind: string } } }[] };
      return data.filter((m) => m.payload.csat?.kind === 'answer').length;
    };
    expect(await cardsSeenBy(w.admin.auth)).toBe(1);
    expect(await cardsSeenBy(salesAgent.auth)).toBe(1);
    expect(await cardsSeenBy(supportAgent.auth)).toBe('status 404');
    expect(await cardsSeenBy(supportOnly.auth)).toBe('status 404');

    // On the socket too: the card's event names the chat's audience (sales, unassigned).
    const created = w.ctx.events.filter(
      (e) =>
        e.type === 'message.created' &&
        (e.message.payload as { csat?: { kind: string } }).csat?.kind === 'answer' &&
        e.chat.id === chatId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ chat: { division_ids: [sales], agent_id: null } });
  });
});
