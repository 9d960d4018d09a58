import {
  maskSurveyLinks,
  CSAT_EXPIRY_DAYS,
  CSAT_SKIP_NOTES,
  CSAT_TEMPLATE_NAME,
  filledBody,
  templateInputs,
  templateSendIssues,
  type CsatMessagePayload,
  type CsatSkipReason,
  type CsatVia,
  type SentTemplatePayload,
  type Template,
} from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Db } from '../../db/database.js';
import { maySend } from '../billing/pricing/index.js';
import { loadChatRows, loadMessageRows, mayReply } from '../conversations/index.js';
import { presentTemplate, templateRows } from '../templates/index.js';
import { csatRepo, type TicketFacts } from './repo.js';
import { newToken } from './token.js';
import { ratingChoices, surveyWording, type SurveyLanguage } from './wording.js';

type Trx = Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

export type SurveyOutcome =
  | { kind: 'off' | 'exists' | 'not_closed' }
  | { kind: 'sent'; surveyId: string; via: CsatVia }
  | { kind: 'skipped'; surveyId: string; reason: CsatSkipReason };

type Plan =
  | { kind: 'interactive' }
  | { kind: 'link' }
  | { kind: 'template'; template: Template }
  | { kind: 'skip'; reason: CsatSkipReason };

/**
 * Sends the survey of a resolved ticket, or writes on the conversation why it was not sent;
 * once per ticket whoever calls (the resolve listener, the sweep, both processes at once): the
 * survey row's unique ticket decides, in the transaction that queues the message.
 */
export async function surveyTicket(deps: Deps, ticketId: string): Promise<SurveyOutcome> {
  const facts = await csatRepo.ticketFacts(deps.db, ticketId);
  if (!facts) return { kind: 'not_closed' };
  if (!(await csatRepo.isOn(deps.db, facts.account_id))) return { kind: 'off' };
  if (await csatRepo.hasSurvey(deps.db, ticketId)) return { kind: 'exists' };
  const now = deps.clock.now();
  const language: SurveyLanguage = facts.language ?? 'id';
  const plan = await planFor(deps, facts, language, now);

  const token = plan.kind === 'link' || plan.kind === 'template' ? newToken() : null;
  const written = await deps.db.transaction().execute(async (trx) => {
    const surveyId = await csatRepo.insertSurvey(trx, {
      account_id: facts.account_id,
      ticket_id: facts.ticket_id,
      chat_id: facts.chat_id,
      channel_id: facts.channel_id,
      channel: facts.channel,
      agent_id: facts.resolved_by,
      division_id: facts.division_id,
      language,
      via: plan.kind === 'skip' ? null : plan.kind,
      status: plan.kind === 'skip' ? 'skipped' : 'sent',
      skip_reason: plan.kind === 'skip' ? plan.reason : null,
      token_hash: token?.hash ?? null,
      sent_at: now,
      expires_at: plan.kind === 'skip' ? null : new Date(now.getTime() + CSAT_EXPIRY_DAYS * DAY_MS),
    });
    if (!surveyId) return null;
    const url = token ? `${deps.config.appUrl}/csat/${token.token}` : '';
    const messageId = await writeMessage(trx, deps, facts, plan, surveyId, language, url, now);
    await csatRepo.setSurveyMessage(trx, surveyId, messageId);
    return { surveyId, messageId };
  });
  if (!written) return { kind: 'exists' };
  await announce(deps, facts, written.messageId);
  if (plan.kind !== 'skip')
    // The survey is stored and queued whatever a listener does (report rollups are reconciled
    // from csat_surveys): a failure is logged.
    await deps.events
      .emit('csat.sent', {
        accountId: facts.account_id,
        surveyId: written.surveyId,
        ticketId: facts.ticket_id,
        chatId: facts.chat_id,
        agentId: facts.resolved_by,
        channel: facts.channel,
        divisionId: facts.division_id,
        sentAt: now,
      })
      .catch((err: unknown) =>
        deps.log.error({ err, surveyId: written.surveyId }, 'a csat.sent listener failed'),
      );
  return plan.kind === 'skip'
    ? { kind: 'skipped', surveyId: written.surveyId, reason: plan.reason }
    : { kind: 'sent', surveyId: written.surveyId, via: plan.kind };
}

/**
 * Inside the reply window: choices in the chat (a link where a channel has none). Outside it,
 * WhatsApp's approved survey template with the link; Meta's page channels allow nothing
 * automatic after 24 hours (HUMAN_AGENT is for a person's replies).
 */
async function planFor(
  deps: Deps,
  facts: TicketFacts,
  language: SurveyLanguage,
  now: Date,
): Promise<Plan> {
  if (facts.blocked) return { kind: 'skip', reason: 'chat_blocked' };
  const port = deps.channels.portOfChannel(facts.channel);
  if (!facts.channel_usable || !port) return { kind: 'skip', reason: 'channel_unavailable' };
  const may = await maySend(deps, facts.account_id, 'automatic');
  if (!may.ok) return { kind: 'skip', reason: 'sending_refused' };
  const chat = {
    channel: facts.channel,
    initiate_at: facts.initiate_at,
    human_agent_replies: facts.human_agent_replies ?? false,
  };
  if (mayReply(deps.channels, chat, now, 'automatic'))
    return port.capabilities.choices ? { kind: 'interactive' } : { kind: 'link' };
  if (!port.capabilities.templates) return { kind: 'skip', reason: 'window_closed' };
  const template = await surveyTemplate(deps.db, facts, language);
  return template
    ? { kind: 'template', template }
    : { kind: 'skip', reason: 'window_closed_no_template' };
}

/**
 * The number's approved `csat_survey` Utility template whose only input is the body's {{1}}
 * (the link); in the survey's language when there is one in it.
 */
async function surveyTemplate(
  db: Db,
  facts: TicketFacts,
  language: SurveyLanguage,
): Promise<Template | null> {
  const rows = await templateRows(db)
    .where('t.account_id', '=', facts.account_id)
    .where('t.channel_id', '=', facts.channel_id)
    .where('t.name', '=', CSAT_TEMPLATE_NAME)
    .where('t.category', '=', 'UTILITY')
    .where('t.status', '=', 'accepted')
    .orderBy('t.status_updated_at', 'desc')
    .execute();
  const usable = rows.map(presentTemplate).filter((t) => {
    const needs = templateInputs(t);
    return (
      needs.bodyParams.length === 1 &&
      needs.bodyParams[0] === 1 &&
      !needs.headerParam &&
      needs.headerMedia === null
    );
  });
  return usable.find((t) => t.language.toLowerCase().startsWith(language)) ?? usable[0] ?? null;
}

async function writeMessage(
  trx: Trx,
  deps: Deps,
  facts: TicketFacts,
  plan: Plan,
  surveyId: string,
  language: SurveyLanguage,
  url: string,
  now: Date,
): Promise<string> {
  const base = {
    account_id: facts.account_id,
    chat_id: facts.chat_id,
    channel_id: facts.channel_id,
    sent_at: now,
  };
  if (plan.kind === 'skip') {
    const csat: CsatMessagePayload = { kind: 'skipped', surveyId, reason: plan.reason };
    return csatRepo.insertMessage(trx, {
      ...base,
      msg_type: 'information',
      text: CSAT_SKIP_NOTES[plan.reason],
      payload: { csat },
      status: 'received',
    });
  }
  const words = surveyWording[language];
  const csat: CsatMessagePayload = { kind: 'survey', surveyId, via: plan.kind };
  let text: string;
  let payload: Record<string, unknown>;
  if (plan.kind === 'interactive') {
    text = words.question(facts.business);
    payload = {
      csat,
      choices: { menuLabel: words.menuLabel, items: ratingChoices(language, surveyId) },
    };
  } else if (plan.kind === 'link') {
    text = words.link(facts.business, url);
    payload = { csat };
  } else {
    const t = plan.template;
    const params = [url];
    if (templateSendIssues(t, { params }).length > 0)
      throw new Error(`Survey template ${t._id} cannot take the link`);
    const sent: SentTemplatePayload = {
      id: t._id,
      name: t.name,
      language: t.language,
      params,
      headerType: t.headerType,
      headerParam: null,
      headerText: t.headerText,
      headerMediaUrl: null,
      footer: t.footer,
      buttons: t.buttons.map((b) => ({ type: b.type, label: b.label })),
    };
    text = filledBody(t, params);
    payload = { csat, template: sent };
  }
  const messageId = await csatRepo.insertMessage(trx, {
    ...base,
    msg_type: 'text',
    text,
    payload,
    status: 'queue',
  });
  // The chat list shows the survey without its link: agents are not to answer for the customer.
  await csatRepo.touchChat(trx, facts.account_id, facts.chat_id, maskSurveyLinks(text), now);
  await deps.jobs.enqueue('message.send', { messageId, attempt: 0 }, {}, trx);
  return messageId;
}

/** The survey (or the note) reaches the screens of those who may see the chat. */
async function announce(deps: Deps, facts: TicketFacts, messageId: string): Promise<void> {
  const [rows, chats] = await Promise.all([
    loadMessageRows(deps.db, facts.account_id, [messageId]),
    loadChatRows(deps.db, facts.account_id, [facts.chat_id]),
  ]);
  const message = rows[0];
  const chat = chats[0];
  if (message && chat) deps.events.publish({ type: 'message.created', chat, message });
}
