import { CONTACT_REASONS } from '@sapa/contracts';
import { i18n } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

type ReasonKey = keyof typeof CONTACT_REASONS;

/** Each reason template ("Unknown label: {name}") as a pattern that captures its values. */
const PATTERNS: { key: ReasonKey; pattern: RegExp }[] = (
  Object.entries(CONTACT_REASONS) as [ReasonKey, string][]
).map(([key, template]) => {
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
 * A row's import reason in the current language. The server sends the contracts' English
 * templates with values filled in; those are matched back to their key, anything else (the
 * spec's MESSAGES, validation sentences) goes through the shared translator.
 */
export function translateReason(reason: string): string {
  for (const { key, pattern } of PATTERNS) {
    const match = pattern.exec(reason);
    if (match) return i18n.t(`contacts:reasons.${key}`, { ...match.groups });
  }
  return translateMessage(reason);
}
