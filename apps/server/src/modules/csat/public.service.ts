import { MESSAGES, type CsatAnswerBody, type CsatRating, type PublicCsat } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { recordAnswer } from './answer.service.js';
import { csatRepo } from './repo.js';
import { hashToken } from './token.js';

export const gone = (message: string) => new AppError(410, message, 'EXPIRED');

type Found = NonNullable<Awaited<ReturnType<typeof csatRepo.byToken>>>;

function present(s: Found, expired: boolean): PublicCsat {
  return {
    status: s.status === 'answered' ? 'answered' : expired ? 'expired' : 'open',
    language: s.language,
    business: s.business,
    channel: s.channel,
    expiresAt: (s.expires_at ?? s.sent_at).toISOString(),
    rating: s.rating ?? null,
    comment: s.comment ?? null,
    answeredAt: s.answered_at?.toISOString() ?? null,
  };
}

/**
 * The public survey page (`/csat/{token}`, no sign-in): the token is the only key, 256 random
 * bits of which only the hash is stored; an unknown one is a 404 like any other.
 */
export class PublicCsatService {
  constructor(private readonly deps: Deps) {}

  private async find(token: string): Promise<{ survey: Found; expired: boolean }> {
    const survey = await csatRepo.byToken(this.deps.db, hashToken(token));
    if (!survey || survey.status === 'skipped') throw notFound(MESSAGES.csatNotFound);
    const expired =
      survey.status === 'expired' ||
      (survey.status === 'sent' &&
        survey.expires_at !== null &&
        survey.expires_at <= this.deps.clock.now());
    return { survey, expired };
  }

  async get(token: string): Promise<PublicCsat> {
    const { survey, expired } = await this.find(token);
    return present(survey, expired);
  }

  /** One answer: a second is 409 "already answered", after 14 days 410 "expired". */
  async answer(token: string, body: CsatAnswerBody): Promise<PublicCsat> {
    const { survey, expired } = await this.find(token);
    if (survey.status === 'answered') throw conflict(MESSAGES.csatAnswered, 'ALREADY_ANSWERED');
    if (expired) throw gone(MESSAGES.csatExpired);
    const outcome = await recordAnswer(this.deps, survey, {
      rating: body.rating as CsatRating,
      comment: body.comment ? body.comment : null,
      source: 'page',
      at: this.deps.clock.now(),
    });
    if (outcome.kind === 'already_answered')
      throw conflict(MESSAGES.csatAnswered, 'ALREADY_ANSWERED');
    if (outcome.kind === 'expired') throw gone(MESSAGES.csatExpired);
    if (outcome.kind === 'not_found') throw notFound(MESSAGES.csatNotFound);
    return this.get(token);
  }
}
