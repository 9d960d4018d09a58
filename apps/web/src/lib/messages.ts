import { MESSAGES, TOO_MANY_ATTEMPTS_PATTERN, type MessageKey } from '@sapa/contracts';
import { i18n } from './i18n';

const keyByText = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/** The shared validation helper's sentences (contracts `validationMessage`), as patterns. */
const VALIDATION_PATTERNS: { key: string; pattern: RegExp }[] = [
  { key: 'required', pattern: /^The (.+) field is required$/ },
  { key: 'string', pattern: /^The (.+) field must be a string$/ },
  { key: 'min', pattern: /^The (.+) field must be at least (\d+) characters$/ },
  { key: 'max', pattern: /^The (.+) field may not be more than (\d+) characters$/ },
  { key: 'nul', pattern: /^The (.+) field must not contain a NUL character$/ },
  {
    key: 'passwordStrength',
    pattern: /^The (.+) field must contain at least one number and one uppercase letter$/,
  },
];

/** The spec's message for a key, in the current language. */
export function message(key: MessageKey): string {
  return i18n.t(`messages:${key}`);
}

/**
 * Shows a server or validation message in the current language. The server and the zod schemas
 * speak the spec's English; known sentences are translated, anything else passes through as is.
 */
export function translateMessage(text: string): string {
  const key = keyByText.get(text);
  if (key) return message(key);
  // A 429 states its wait (contracts `tooManyAttemptsMessage`).
  const wait = TOO_MANY_ATTEMPTS_PATTERN.exec(text);
  if (wait) return i18n.t(`common:tooManyAttempts.${wait[2]}`, { count: Number(wait[1]) });
  for (const { key: validationKey, pattern } of VALIDATION_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const rawField = match[1] ?? '';
    const field = i18n.t(`validation:fields.${rawField}`, { defaultValue: rawField });
    const count = match[2] === undefined ? undefined : Number(match[2]);
    return i18n.t(`validation:${validationKey}`, { field, count });
  }
  return text;
}

/** A person-readable message for any thrown value, in the current language. */
export function errorMessage(error: unknown, fallback: MessageKey = 'someError'): string {
  if (error instanceof Error && error.name === 'HttpError' && error.message) {
    return translateMessage(error.message);
  }
  return message(fallback);
}
