import { CSAT_COMMENT_MAX, parseCsatReply } from '@sapa/contracts';
import type { Deps } from '../../../deps.js';
import type { AwaitedEventMap } from '../../../events/bus.js';
import { recordAnswer, recordComment } from '../answer.service.js';
import { csatRepo } from '../repo.js';

type Received = AwaitedEventMap['message.received'];

/**
 * A customer's tap on a rating, or the text after it while the survey waits for a comment, as
 * ingest stored it (and marked it `surveyAnswer`: it opened no ticket). A redelivered webhook is
 * a duplicate at ingest and never reaches here; a second tap finds the survey answered. A
 * failure is logged and never fails the webhook (as routing): the message itself is stored.
 */
export function listenToSurveyAnswers(deps: Deps): void {
  deps.events.on('message.received', async (event) => {
    if (!event.surveyAnswer) return;
    await handle(deps, event).catch((err: unknown) =>
      deps.log.error({ err, chatId: event.chat.id }, 'survey answer not recorded'),
    );
  });
}

async function handle(deps: Deps, event: Received): Promise<void> {
  const { chat, message } = event;
  const reply = message.payload.reply;
  const tap = parseCsatReply(
    reply && typeof reply === 'object' ? (reply as Record<string, unknown>).id : null,
  );
  if (tap) {
    const survey = await csatRepo.survey(deps.db, chat.account_id, tap.surveyId);
    if (!survey || survey.chat_id !== chat.id) return;
    await recordAnswer(deps, survey, {
      rating: tap.rating,
      comment: null,
      source: 'chat',
      at: message.sent_at,
    });
    return;
  }
  const comment = message.msg_type === 'text' ? message.text.trim() : '';
  if (!comment) return;
  const survey = await csatRepo.awaitingComment(deps.db, chat.account_id, chat.id, message.sent_at);
  if (survey)
    await recordComment(deps, survey, comment.slice(0, CSAT_COMMENT_MAX), message.sent_at);
}
