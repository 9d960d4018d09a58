import { REPORT_MESSAGES } from '@sapa/contracts';
import { i18n } from '../../lib/i18n';
import { errorMessage } from '../../lib/messages';

const KEY_BY_TEXT = new Map(
  Object.entries(REPORT_MESSAGES).map(([key, text]) => [text as string, key]),
);

/**
 * A failed report call in the current language: the reports' own refusals (contracts
 * REPORT_MESSAGES) are translated here, everything else as the app translates server messages.
 */
export function reportErrorText(error: unknown): string {
  const key = error instanceof Error ? KEY_BY_TEXT.get(error.message) : undefined;
  // The CSAT refusal is the spec's sentence and lives with the app's messages.
  if (key && key !== 'csatOff') return i18n.t(`reports:serverMessages.${key}`);
  return errorMessage(error);
}
