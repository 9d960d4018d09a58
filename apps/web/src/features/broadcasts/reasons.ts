import { BROADCAST_MESSAGES, RECIPIENT_REASONS } from '@sapa/contracts';
import { i18n } from '../../lib/i18n';
import { HttpError } from '../../lib/http';
import { errorMessage, translateMessage } from '../../lib/messages';

const TEMPLATES: Record<string, string> = { ...BROADCAST_MESSAGES, ...RECIPIENT_REASONS };

/** Each server sentence ("The {column} value is empty") as a pattern capturing its values. */
const PATTERNS = Object.entries(TEMPLATES).map(([key, template]) => {
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name ? `(?<${name}>.+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { key, pattern: new RegExp(`^${source}$`) };
});

/**
 * A broadcast message or row reason from the server in the current language: the contracts'
 * English sentences are matched back to their key; anything else (the spec's MESSAGES,
 * validation sentences) goes through the shared translator.
 */
export function translateBroadcastText(text: string): string {
  for (const { key, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const vars: Record<string, string> = { ...match.groups };
    if (vars.type)
      vars.type = i18n.t(`broadcasts:wizard.mediaTypes.${vars.type}`, { defaultValue: vars.type });
    return i18n.t(`broadcasts:server.${key}`, vars);
  }
  return translateMessage(text);
}

/** What to tell a person about a failed broadcast call. */
export function broadcastError(error: unknown): string {
  if (error instanceof HttpError && error.message) return translateBroadcastText(error.message);
  return errorMessage(error);
}
