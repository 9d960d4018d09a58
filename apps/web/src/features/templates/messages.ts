import { TEMPLATE_MESSAGES, TEMPLATE_RULES, type TemplateRuleKey } from '@sapa/contracts';
import { i18n } from '../../lib/i18n';
import { translateMessage } from '../../lib/messages';

/** Literal parameters for translations that show {{1}} and {{2}} (i18next would eat them). */
export const PARAMS = { p1: '{{1}}', p2: '{{2}}' } as const;

const ruleByText = new Map(
  (Object.entries(TEMPLATE_RULES) as [TemplateRuleKey, string][]).map(([k, v]) => [v, k]),
);
const errorByText = new Map(Object.entries(TEMPLATE_MESSAGES).map(([k, v]) => [v, k]));

const PATTERNS: { key: string; pattern: RegExp }[] = [
  { key: 'required', pattern: /^The (.+) field is required$/ },
  { key: 'max', pattern: /^The (.+) field may not be more than (\d+) characters$/ },
  { key: 'string', pattern: /^The (.+) field must be a string$/ },
];

/** "example {{2}}" → "contoh {{2}}"; other template field names from the `templates` namespace. */
function fieldName(raw: string): string {
  const example = /^example (\{\{\d+\}\})$/.exec(raw);
  if (example) return `${i18n.t('templates:fields.example')} ${example[1]}`;
  return i18n.t(`templates:fields.${raw}`, { defaultValue: raw });
}

/**
 * A template rule or API message in the current language. The contract speaks English; the
 * template-only sentences and field names live in the `templates` namespace, the rest falls
 * through to the app's translator.
 */
export function templateMessage(text: string): string {
  const rule = ruleByText.get(text as (typeof TEMPLATE_RULES)[TemplateRuleKey]);
  if (rule) return i18n.t(`templates:rules.${rule}`, PARAMS);
  const error = errorByText.get(text as (typeof TEMPLATE_MESSAGES)[keyof typeof TEMPLATE_MESSAGES]);
  if (error) return i18n.t(`templates:errors.${error}`);
  for (const { key, pattern } of PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const count = m[2] === undefined ? undefined : Number(m[2]);
    return i18n.t(`validation:${key}`, { field: fieldName(m[1] ?? ''), count });
  }
  return translateMessage(text);
}
