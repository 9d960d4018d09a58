import { describe, expect, it } from 'vitest';
import {
  csatAnswerBodySchema,
  csatReplyId,
  csatTokenParamsSchema,
  maskSurveyLinks,
  parseCsatReply,
} from './csat.js';

const SURVEY = '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f';

describe('a survey rating tap', () => {
  it('names its survey and rating, and reads back', () => {
    expect(csatReplyId(SURVEY, 4)).toBe(`csat:${SURVEY}:4`);
    expect(parseCsatReply(csatReplyId(SURVEY, 4))).toEqual({ surveyId: SURVEY, rating: 4 });
    expect(parseCsatReply(`csat:${SURVEY.toUpperCase()}:1`)).toEqual({
      surveyId: SURVEY,
      rating: 1,
    });
  });

  it('is not anything else a customer may tap', () => {
    for (const id of [
      null,
      42,
      'YES',
      `csat:${SURVEY}:0`,
      `csat:${SURVEY}:6`,
      `csat:${SURVEY}:4:x`,
      `csat:not-a-uuid:4`,
      `csat:${SURVEY}`,
      `xcsat:${SURVEY}:4`,
    ])
      expect(parseCsatReply(id), String(id)).toBeNull();
  });
});

describe('the public page input', () => {
  it('takes a 43-character token only', () => {
    expect(csatTokenParamsSchema.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    expect(csatTokenParamsSchema.safeParse({ token: 'a'.repeat(42) }).success).toBe(false);
    expect(csatTokenParamsSchema.safeParse({ token: `${'a'.repeat(42)}/` }).success).toBe(false);
  });

  it('takes a whole rating from 1 to 5 and a trimmed comment up to 1000 characters', () => {
    expect(csatAnswerBodySchema.parse({ rating: 5, comment: '  ok ' })).toEqual({
      rating: 5,
      comment: 'ok',
    });
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 2.5 },
      { rating: 3, comment: 'x'.repeat(1001) },
    ])
      expect(csatAnswerBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });
});

describe('the survey link on Sapa’s screens', () => {
  it('hides the token, and nothing else', () => {
    const token = 'aB3_-'.repeat(8) + 'xyz';
    expect(maskSurveyLinks(`Nilai kami: https://app.sapa.id/csat/${token} Terima kasih`)).toBe(
      'Nilai kami: https://app.sapa.id/csat/… Terima kasih',
    );
    expect(maskSurveyLinks('https://toko.id/csat/short')).toBe('https://toko.id/csat/short');
  });
});
