import { CSAT_COMMENT_MINUTES, CSAT_RATINGS, csatReplyId, type CsatRating } from '@sapa/contracts';
import type { Choice } from '../../channels/port.js';

/**
 * What the customer reads, in the language of the person who resolved the ticket (the survey is
 * theirs to be rated on, and they wrote to this customer in it). Titles fit every channel's
 * limit (20 characters: WhatsApp buttons, Messenger and Instagram quick replies); the stars go
 * in the description, which only WhatsApp's list shows.
 */
export type SurveyLanguage = 'en' | 'id';

const LABELS: Record<SurveyLanguage, Record<CsatRating, string>> = {
  en: { 1: 'Very poor', 2: 'Poor', 3: 'Okay', 4: 'Good', 5: 'Excellent' },
  id: { 1: 'Sangat buruk', 2: 'Buruk', 3: 'Cukup', 4: 'Baik', 5: 'Sangat baik' },
};

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

export const ratingTitle = (language: SurveyLanguage, rating: CsatRating) =>
  `${rating} - ${LABELS[language][rating]}`;

export function ratingChoices(language: SurveyLanguage, surveyId: string): Choice[] {
  // Best first, as WhatsApp's list and the quick replies read top to bottom, left to right.
  return [...CSAT_RATINGS].reverse().map((rating) => ({
    id: csatReplyId(surveyId, rating),
    title: ratingTitle(language, rating),
    description: stars(rating),
  }));
}

export const surveyWording = {
  en: {
    question: (business: string) =>
      `Thank you for contacting ${business}! How would you rate the help you received?`,
    menuLabel: 'Rate us',
    link: (business: string, url: string) =>
      `Thank you for contacting ${business}! Please tell us how we did: ${url}`,
    commentPrompt: `Thank you for your rating! If you would like to tell us more, just reply with a comment within ${CSAT_COMMENT_MINUTES} minutes.`,
    thanks: 'Thank you for your feedback!',
  },
  id: {
    question: (business: string) =>
      `Terima kasih telah menghubungi ${business}! Bagaimana penilaian Anda atas bantuan kami?`,
    menuLabel: 'Beri nilai',
    link: (business: string, url: string) =>
      `Terima kasih telah menghubungi ${business}! Mohon beri tahu kami penilaian Anda: ${url}`,
    commentPrompt: `Terima kasih atas penilaian Anda! Jika ingin menambahkan komentar, cukup balas dengan komentar Anda dalam ${CSAT_COMMENT_MINUTES} menit.`,
    thanks: 'Terima kasih atas masukan Anda!',
  },
} satisfies Record<SurveyLanguage, unknown>;

/** The answer's card in the conversation, in English (the web says it in the agent's language). */
export function answerText(rating: number, comment: string | null): string {
  const head = `Customer rated ${rating}/5`;
  return comment ? `${head}: “${comment}”` : head;
}
