import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { CONTACT_REASONS, normalizePhone, type ContactAttribute } from '@sapa/contracts';

/**
 * The canonical phone (spec §5 normalizePhone) of any common form — "+62 812-3456-7890",
 * "62812…", "0812…", "812…" — or null when it is not a real number. Numbers without a "+" are
 * read as Indonesian (the product's region); libphonenumber-js knows each country's lengths
 * and prefixes (the full metadata, not the length-only one), which a hand-written pattern would not.
 */
export function canonicalPhone(raw: string): string | null {
  // A leading apostrophe is how spreadsheets (and our CSV export) keep "+62…" from being a formula.
  const compact = raw
    .trim()
    .replace(/^'/, '')
    .replace(/[\s\-().]/g, '');
  if (!/^\+?\d{4,20}$/.test(compact)) return null;
  let international: string;
  if (compact.startsWith('+')) international = compact;
  else if (compact.startsWith('62')) international = `+${compact}`;
  else if (compact.startsWith('0')) international = `+62${compact.slice(1)}`;
  else international = `+62${compact}`;
  const parsed = parsePhoneNumberFromString(international);
  if (!parsed?.isValid()) return null;
  return normalizePhone(compact);
}

const EMAIL = z.email();
export const isEmail = (value: string): boolean => EMAIL.safeParse(value).success;

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');

const TRUE = new Set(['true', 'yes', 'ya', 'y', '1']);
const FALSE = new Set(['false', 'no', 'tidak', 'n', '0']);

/**
 * An attribute value in its stored text form, or the reason it is refused. Values are text in
 * the API; the type only decides what text is allowed (and spells booleans one way).
 */
export function attributeValue(
  def: Pick<ContactAttribute, 'key' | 'type'>,
  raw: string,
): { value: string } | { reason: string } {
  const value = raw.trim();
  const key = { key: def.key };
  switch (def.type) {
    case 'text':
      return { value };
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(value)
        ? { value }
        : { reason: fill(CONTACT_REASONS.attributeNumber, key) };
    case 'date': {
      const ok =
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
      return ok ? { value } : { reason: fill(CONTACT_REASONS.attributeDate, key) };
    }
    case 'boolean': {
      const lower = value.toLowerCase();
      if (TRUE.has(lower)) return { value: 'true' };
      if (FALSE.has(lower)) return { value: 'false' };
      return { reason: fill(CONTACT_REASONS.attributeBoolean, key) };
    }
  }
}

/**
 * A whole attribute map checked against the account's definitions: empty values are dropped
 * (clearing a field), unknown keys and badly typed values are listed as issues.
 */
export function attributeMap(
  defs: ReadonlyMap<string, Pick<ContactAttribute, 'key' | 'type'>>,
  input: Record<string, string>,
): { values: Record<string, string>; issues: { path: string; message: string }[] } {
  const values: Record<string, string> = {};
  const issues: { path: string; message: string }[] = [];
  for (const [key, raw] of Object.entries(input)) {
    if (raw.trim() === '') continue;
    const def = defs.get(key);
    if (!def) {
      issues.push({
        path: `attributes.${key}`,
        message: fill(CONTACT_REASONS.unknownAttribute, { key }),
      });
      continue;
    }
    const checked = attributeValue(def, raw);
    if ('reason' in checked) issues.push({ path: `attributes.${key}`, message: checked.reason });
    else values[key] = checked.value;
  }
  return { values, issues };
}

export { fill as fillReason };
