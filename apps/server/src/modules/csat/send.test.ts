import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSAT_SKIP_NOTES, csatReplyId } from '@sapa/contracts';
import { newCustomer } from '../../test/customer.js';
import { createPageChannel } from '../../test/fixtures.js';
import { createChat, openTicket } from '../../test/fixtures-inbox.js';
import { runCsatSweep } from './sweep.job.js';
import { surveyTicket } from './send.service.js';
import {
  DAY,
  HOUR,
  csatWorld,
  customerWhoWrote,
  messagesOf,
  resolve,
  setCsat,
  surveysOf,
  ticketsOf,
  type CsatWorld,
} from './test-helpers.js';

let w: CsatWorld;
beforeAll(async () => {
  w = await csatWorld();
}, 60_000);
afterAll(() => w.close());

const identifierOf = async (chatId: string) =>
  (
    await w.ctx.deps.db
      .selectFrom('chats')
      .select('identifier')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow()
  ).identifier;

/** An approved survey template on the world's number (Meta's verdict as the sync stores it). */
async function approveSurveyTemplate(language: string, content: string) {
  await w.ctx.deps.db
    .insertInto('templates')
    .values({
      account_id: w.accountId,
      channel_id: w.channel.id,
      name: 'csat_survey',
      category: 'UTILITY',
      language,
      content,
      examples: JSON.stringify({ body: ['https://sapa.test/csat/x'] }),
      status: 'accepted',
      provider_template_id: `tpl-${language}-${Date.now()}`,
      status_updated_at: w.ctx.clock.now(),
    })
    .execute();
}

describe('inside the 24-hour window: the ratings as a list in the chat', () => {
  it('sends five ratings once per ticket, credited to who resolved it; WhatsApp gets a list', async () => {
    const chatId = await customerWhoWrote(w, newCustomer(), HOUR);
    const [ticket] = await ticketsOf(w, chatId);
    await resolve(w, w.agent, chatId);

    const [survey, ...more] = await surveysOf(w, chatId);
    expect(more).toHaveLength(0);
    expect(survey).toMatchObject({
      ticket_id: ticket!.id,
      account_id: w.accountId,
      channel: 'whatsapp',
      agent_id: w.agent.id,
      via: 'interactive',
      status: 'sent',
      skip_reason: null,
      token_hash: null,
      language: 'en',
    });
    expect(survey!.expires_at!.getTime() - survey!.sent_at.getTime()).toBe(14 * DAY);

    const sent = (await messagesOf(w, chatId)).find((m) => m.id === survey!.message_id)!;
    expect(sent).toMatchObject({
      msg_type: 'text',
      from_me: true,
      is_system: true,
      status: 'queue',
    });
    expect(sent.text).toBe(
      'Thank you for contacting Toko Sapa! How would you rate the help you received?',
    );
    const choices = (sent.payload as { choices: { items: { id: string; title: string }[] } })
      .choices.items;
    expect(choices.map((c) => c.id)).toEqual(
      ([5, 4, 3, 2, 1] as const).map((n) => csatReplyId(survey!.id, n)),
    );
    expect(choices.map((c) => c.title)).toEqual([
      '5 - Excellent',
      '4 - Good',
      '3 - Okay',
      '2 - Poor',
      '1 - Very poor',
    ]);

    // The send job hands it to WhatsApp as an interactive list.
    w.stub.calls.length = 0;
    await w.ctx.jobs.drain();
    const call = w.stub.calls.find((c) => (c.body as { type?: string }).type === 'interactive');
    expect(call?.body).toMatchObject({
      interactive: {
        type: 'list',
        action: { button: 'Rate us', sections: [{ rows: expect.any(Array) }] },
      },
    });

    // Whoever asks again (another resolve's event, the sweep) adds nothing.
    await Promise.all([surveyTicket(w.ctx.deps, ticket!.id), surveyTicket(w.ctx.deps, ticket!.id)]);
    expect(await surveysOf(w, chatId)).toHaveLength(1);
    // The sending is announced once, after its commit, for the reports.
    expect(w.sent.filter((e) => e.chatId === chatId)).toEqual([
      {
        accountId: w.accountId,
        surveyId: survey!.id,
        ticketId: ticket!.id,
        chatId,
        agentId: w.agent.id,
        channel: 'whatsapp',
        divisionId: null,
        sentAt: survey!.sent_at,
      },
    ]);
  });

  it('speaks the language of the person who resolved the ticket', async () => {
    await w.ctx.deps.db
      .updateTable('users')
      .set({ language: 'id' })
      .where('id', '=', w.admin.id)
      .execute();
    const chatId = await customerWhoWrote(w, newCustomer(), HOUR);
    await resolve(w, w.admin, chatId);
    const [survey] = await surveysOf(w, chatId);
    expect(survey).toMatchObject({ language: 'id', agent_id: w.admin.id });
    const sent = (await messagesOf(w, chatId)).find((m) => m.id === survey!.message_id)!;
    expect(sent.text).toBe(
      'Terima kasih telah menghubungi Toko Sapa! Bagaimana penilaian Anda atas bantuan kami?',
    );
    expect((sent.payload as { choices: { menuLabel: string } }).choices.menuLabel).toBe(
      'Beri nilai',
    );
  });

  it('Messenger gets the same survey as quick replies', async () => {
    const page = await createPageChannel(w.ctx, w.accountId, 'messenger', {
      pageId: '300000000009999',
    });
    const chat = {
      id: await createChat(w.ctx, w.accountId, { channelId: page.id, channel: 'messenger' }),
    };
    await openTicket(w.ctx, w.accountId, chat.id);
    const identifier = await identifierOf(chat.id);
    await resolve(w, w.admin, chat.id);
    const [survey] = await surveysOf(w, chat.id);
    expect(survey).toMatchObject({ channel: 'messenger', via: 'interactive', status: 'sent' });

    w.stub.calls.length = 0;
    await w.ctx.jobs.drain();
    expect(w.stub.calls.at(-1)?.body).toMatchObject({
      recipient: { id: identifier },
      messaging_type: 'RESPONSE',
      message: {
        quick_replies: expect.arrayContaining([
          { content_type: 'text', title: '4 - Baik', payload: csatReplyId(survey!.id, 4) },
        ]),
      },
    });
  });
});

describe('outside the window', () => {
  it('with no approved survey template: skipped, and the conversation says why', async () => {
    const chatId = await customerWhoWrote(w, newCustomer(), 25 * HOUR);
    await resolve(w, w.agent, chatId);
    const [survey] = await surveysOf(w, chatId);
    expect(survey).toMatchObject({
      status: 'skipped',
      skip_reason: 'window_closed_no_template',
      via: null,
      expires_at: null,
    });
    const note = (await messagesOf(w, chatId)).find((m) => m.id === survey!.message_id)!;
    expect(note).toMatchObject({
      msg_type: 'information',
      is_system: true,
      // A note of Sapa's: never sent, so neither billed nor counted as the customer's activity.
      status: 'received',
      text: 'Survey not sent: the 24-hour window had closed and no approved survey template exists',
      payload: { csat: { kind: 'skipped', reason: 'window_closed_no_template' } },
    });
    expect(w.ctx.jobs.queued.filter((j) => j.name === 'message.send')).toHaveLength(0);
  });

  it('Messenger after 24 hours: skipped (the human agent tag is not for surveys)', async () => {
    const page = await createPageChannel(w.ctx, w.accountId, 'messenger', {
      pageId: '300000000008888',
    });
    const chat = {
      id: await createChat(w.ctx, w.accountId, { channelId: page.id, channel: 'messenger' }),
    };
    await w.ctx.deps.db
      .updateTable('chats')
      .set({ initiate_at: new Date(w.ctx.clock.now().getTime() - 2 * DAY) })
      .where('id', '=', chat.id)
      .execute();
    await openTicket(w.ctx, w.accountId, chat.id);
    await resolve(w, w.admin, chat.id);
    const [survey] = await surveysOf(w, chat.id);
    expect(survey).toMatchObject({ status: 'skipped', skip_reason: 'window_closed' });
    const note = (await messagesOf(w, chat.id)).at(-1)!;
    expect(note.text).toBe(CSAT_SKIP_NOTES.window_closed);
  });

  it('with an approved csat_survey template: the template carries the link to the public page', async () => {
    await approveSurveyTemplate('en_US', 'How did we do? Tell us here: {{1}} Thank you!');
    await approveSurveyTemplate('id', 'Mohon nilai layanan kami: {{1}} Terima kasih!');
    const chatId = await customerWhoWrote(w, newCustomer(), 3 * DAY);
    await resolve(w, w.agent, chatId);
    const [survey] = await surveysOf(w, chatId);
    expect(survey).toMatchObject({ via: 'template', status: 'sent', language: 'en' });
    expect(survey!.token_hash).toBeInstanceOf(Buffer);
    const sent = (await messagesOf(w, chatId)).find((m) => m.id === survey!.message_id)!;
    const link = /http:\/\/sapa\.test\/csat\/([A-Za-z0-9_-]{43})/.exec(sent.text);
    expect(link).not.toBeNull();
    expect(sent.text).toBe(`How did we do? Tell us here: ${link![0]} Thank you!`);
    expect(sent.payload).toMatchObject({
      csat: { kind: 'survey', via: 'template' },
      template: { name: 'csat_survey', language: 'en_US', params: [link![0]] },
    });

    // Sapa's own list shows it without the token: agents are not to answer for the customer.
    const listed = await w.ctx.deps.db
      .selectFrom('chats')
      .select('last_message_text')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(listed.last_message_text).toBe(
      'How did we do? Tell us here: http://sapa.test/csat/… Thank you!',
    );

    w.stub.calls.length = 0;
    await w.ctx.jobs.drain();
    expect(w.stub.calls.at(-1)?.body).toMatchObject({
      type: 'template',
      template: {
        name: 'csat_survey',
        language: { code: 'en_US' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: link![0] }] }],
      },
    });
  });

  it('a blocked customer gets no survey, and the conversation says so', async () => {
    const chatId = await customerWhoWrote(w, newCustomer(), HOUR);
    await w.ctx.deps.db
      .updateTable('chats')
      .set({ blocked: true })
      .where('id', '=', chatId)
      .execute();
    await resolve(w, w.admin, chatId);
    expect((await surveysOf(w, chatId))[0]).toMatchObject({
      status: 'skipped',
      skip_reason: 'chat_blocked',
    });
    // Not sent: the reports do not count it.
    expect(w.sent.filter((e) => e.chatId === chatId)).toEqual([]);
  });
});

describe('with CSAT off, and when the event was lost', () => {
  it('sends nothing while bo.isCsat is not "true"', async () => {
    await setCsat(w.ctx, w.accountId, false);
    try {
      const chatId = await customerWhoWrote(w, newCustomer(), HOUR);
      await resolve(w, w.admin, chatId);
      expect(await surveysOf(w, chatId)).toHaveLength(0);
      expect((await messagesOf(w, chatId)).filter((m) => m.is_system)).toHaveLength(0);
    } finally {
      await setCsat(w.ctx, w.accountId, true);
    }
  });

  it('the sweep surveys a ticket resolved while no listener heard it, once, and not older ones', async () => {
    const lost = await customerWhoWrote(w, newCustomer(), HOUR);
    const old = await customerWhoWrote(w, newCustomer(), HOUR);
    const now = w.ctx.clock.now();
    // Resolved in the database only, as if the process died right after the commit.
    const close = (chatId: string, at: Date) =>
      w.ctx.deps.db
        .updateTable('tickets')
        .set({ close_at: at, resolved_by: w.agent.id })
        .where('chat_id', '=', chatId)
        .execute();
    await close(lost, new Date(now.getTime() - 5 * 60_000));
    await close(old, new Date(now.getTime() - 2 * HOUR));

    await Promise.all([runCsatSweep(w.ctx.deps), runCsatSweep(w.ctx.deps)]);
    expect(await surveysOf(w, lost)).toHaveLength(1);
    expect((await surveysOf(w, lost))[0]).toMatchObject({ via: 'interactive', status: 'sent' });
    expect(await surveysOf(w, old)).toHaveLength(0);
    expect((await runCsatSweep(w.ctx.deps)).surveyed).toBe(0);
  });

  it('the sweep leaves tickets resolved before CSAT was switched on', async () => {
    const before = await customerWhoWrote(w, newCustomer(), HOUR);
    const now = w.ctx.clock.now();
    await w.ctx.deps.db
      .updateTable('tickets')
      .set({ close_at: new Date(now.getTime() - 10 * 60_000), resolved_by: w.agent.id })
      .where('chat_id', '=', before)
      .execute();
    await setCsat(w.ctx, w.accountId, true, new Date(now.getTime() - 5 * 60_000));
    try {
      await runCsatSweep(w.ctx.deps);
      expect(await surveysOf(w, before)).toHaveLength(0);
    } finally {
      await setCsat(w.ctx, w.accountId, true);
    }
  });
});
