import { describe, expect, it } from 'vitest';
import { parseCsatReply } from '@sapa/contracts';
import { MESSENGER_CAPABILITIES } from '../../channels/messenger/port.js';
import { WHATSAPP_CLOUD_CAPABILITIES } from '../../channels/whatsapp-cloud/port.js';
import { ratingChoices, surveyWording } from './wording.js';

const SURVEY = '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f';

describe('the survey as the customer reads it', () => {
  it('fits every channel’s limits in both languages, best rating first', () => {
    for (const language of ['en', 'id'] as const) {
      const choices = ratingChoices(language, SURVEY);
      expect(choices.map((c) => parseCsatReply(c.id)?.rating)).toEqual([5, 4, 3, 2, 1]);
      for (const caps of [WHATSAPP_CLOUD_CAPABILITIES, MESSENGER_CAPABILITIES]) {
        const limits = caps.choices!;
        expect(choices.length).toBeLessThanOrEqual(limits.max);
        for (const c of choices) expect(c.title.length).toBeLessThanOrEqual(limits.titleMax);
      }
      for (const c of choices)
        expect(c.description!.length).toBeLessThanOrEqual(
          WHATSAPP_CLOUD_CAPABILITIES.choices!.descriptionMax,
        );
      expect(surveyWording[language].menuLabel.length).toBeLessThanOrEqual(20);
      // Messenger's text limit is the tightest the question meets (2,000 characters).
      expect(surveyWording[language].question('x'.repeat(200)).length).toBeLessThan(1024);
    }
  });
});
