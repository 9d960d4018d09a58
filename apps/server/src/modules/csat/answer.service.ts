import { CSAT_COMMENT_MINUTES, type CsatMessagePayload, type CsatRating } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { loadChatRows, loadMessageRows } from '../conversations/index.js';
import { csatRepo, type SurveyRow } from './repo.js';
import { answerText, surveyWording } from './wording.js';

type Trx = Transaction<Database>;

const MINUTE_MS = 60_000;

export type AnswerOutcome =
  { kind: 'answered'; surveyId: string } | { kind: 'already_answered' | 'expired' | 'not_found' };

interface Answer {
  rating: CsatRating;
  comment: string | null;
  source: 'chat' | 'page';
  at: Date;
}

/**
 * Stores a survey's one answer: the survey row is locked, so of two taps, a tap and a page
 * submit, or two processes, exactly one answers and the others are told it already was. In the
 * same transaction the answer's card is added to the conversation and, for a tap in the chat,
 * the comment prompt is queued (the customer just wrote, so the window is open). After the
 * commit: the card and prompt reach the screens, and `csat.received` its listeners.
 */
export async function recordAnswer(
  deps: Deps,
  survey: Pick<SurveyRow, 'id' | 'account_id'>,
  answer: Answer,
): Promise<AnswerOutcome> {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const s = await csatRepo.lockSurvey(trx, survey.id);
    if (!s || s.account_id !== survey.account_id) return { kind: 'not_found' as const };
    if (s.status === 'answered') return { kind: 'already_answered' as const };
    if (s.status !== 'sent') return { kind: 'expired' as const };
    if (s.expires_at && s.expires_at <= deps.clock.now()) {
      await csatRepo.markExpired(trx, s.id);
      return { kind: 'expired' as const };
    }
    const inChat = answer.source === 'chat';
    const stored = await csatRepo.insertResponse(trx, {
      survey_id: s.id,
      account_id: s.account_id,
      rating: answer.rating,
      comment: answer.comment,
      source: answer.source,
      answered_at: answer.at,
      commented_at: answer.comment ? answer.at : null,
    });
    if (!stored) return { kind: 'already_answered' as const };
    await csatRepo.markAnswered(
      trx,
      s.id,
      inChat ? new Date(answer.at.getTime() + CSAT_COMMENT_MINUTES * MINUTE_MS) : null,
    );
    const card = await writeCard(trx, s, answer);
    const prompt = inChat ? await queueFollowUp(trx, deps, s, 'comment_prompt') : null;
    return { kind: 'answered' as const, survey: s, messages: prompt ? [card, prompt] : [card] };
  });
  if (outcome.kind !== 'answered') return outcome;
  await announce(deps, outcome.survey, outcome.messages);
  const s = outcome.survey;
  // The answer is stored whatever a listener does: its failure is logged, not the customer's
  // problem (report rollups are reconciled from csat_responses).
  await deps.events
    .emit('csat.received', {
      accountId: s.account_id,
      surveyId: s.id,
      ticketId: s.ticket_id,
      chatId: s.chat_id,
      agentId: s.agent_id,
      channel: s.channel,
      divisionId: s.division_id,
      rating: answer.rating,
      comment: answer.comment,
      answeredAt: answer.at,
      sentAt: s.sent_at,
    })
    .catch((err: unknown) =>
      deps.log.error({ err, surveyId: s.id }, 'a csat.received listener failed'),
    );
  return { kind: 'answered', surveyId: s.id };
}

/**
 * The customer's text after a rating in the chat, while the survey waits for it: stored as the
 * answer's comment (the first text only), the card shows it, and Sapa thanks them; after the
 * commit, `csat.commented` tells the reports.
 */
export async function recordComment(
  deps: Deps,
  survey: SurveyRow,
  comment: string,
  at: Date,
): Promise<boolean> {
  const changed = await deps.db.transaction().execute(async (trx) => {
    const saved = await csatRepo.saveComment(trx, survey.id, comment, at);
    if (!saved) return null;
    let card: number | null = null;
    if (saved.message_id !== null) {
      const csat: CsatMessagePayload = {
        kind: 'answer',
        surveyId: survey.id,
        rating: saved.rating,
        comment,
        source: 'chat',
      };
      await csatRepo.updateCard(trx, saved.message_id, answerText(saved.rating, comment), {
        csat,
      });
      card = saved.message_id;
    }
    const thanks = await queueFollowUp(trx, deps, survey, 'thanks');
    return { card, thanks };
  });
  if (!changed) return false;
  // Stored whatever a listener does: a failure is logged (reports reconcile from csat_responses).
  await deps.events
    .emit('csat.commented', {
      accountId: survey.account_id,
      surveyId: survey.id,
      comment,
      commentedAt: at,
    })
    .catch((err: unknown) =>
      deps.log.error({ err, surveyId: survey.id }, 'a csat.commented listener failed'),
    );
  const [rows, chats] = await Promise.all([
    loadMessageRows(
      deps.db,
      survey.account_id,
      [changed.card, changed.thanks].filter((id) => id !== null).map(String),
    ),
    loadChatRows(deps.db, survey.account_id, [survey.chat_id]),
  ]);
  const chat = chats[0];
  if (!chat) return true;
  for (const message of rows)
    deps.events.publish({
      type: String(message.id) === changed.thanks ? 'message.created' : 'message.updated',
      chat,
      message,
    });
  return true;
}

/** The answer as a card in the conversation: Sapa's note, never sent anywhere. */
async function writeCard(trx: Trx, s: SurveyRow, answer: Answer): Promise<string> {
  const csat: CsatMessagePayload = {
    kind: 'answer',
    surveyId: s.id,
    rating: answer.rating,
    comment: answer.comment,
    source: answer.source,
  };
  const id = await csatRepo.insertMessage(trx, {
    account_id: s.account_id,
    chat_id: s.chat_id,
    channel_id: s.channel_id,
    msg_type: 'information',
    text: answerText(answer.rating, answer.comment),
    payload: { csat },
    status: 'received',
    sent_at: answer.at,
  });
  await csatRepo.setResponseMessage(trx, s.id, id);
  return id;
}

async function queueFollowUp(
  trx: Trx,
  deps: Deps,
  s: SurveyRow,
  kind: 'comment_prompt' | 'thanks',
): Promise<string> {
  const words = surveyWording[s.language];
  const text = kind === 'thanks' ? words.thanks : words.commentPrompt;
  const csat: CsatMessagePayload = { kind, surveyId: s.id };
  const now = deps.clock.now();
  const id = await csatRepo.insertMessage(trx, {
    account_id: s.account_id,
    chat_id: s.chat_id,
    channel_id: s.channel_id,
    msg_type: 'text',
    text,
    payload: { csat },
    status: 'queue',
    sent_at: now,
  });
  await csatRepo.touchChat(trx, s.account_id, s.chat_id, text, now);
  await deps.jobs.enqueue('message.send', { messageId: id, attempt: 0 }, {}, trx);
  return id;
}

async function announce(deps: Deps, s: SurveyRow, messageIds: string[]): Promise<void> {
  const [rows, chats] = await Promise.all([
    loadMessageRows(deps.db, s.account_id, messageIds),
    loadChatRows(deps.db, s.account_id, [s.chat_id]),
  ]);
  const chat = chats[0];
  if (!chat) return;
  for (const message of rows) deps.events.publish({ type: 'message.created', chat, message });
}
