import {
  BACKOFFICE_KEYS,
  SETTING_ALIASES,
  SETTING_KEYS,
  DEFAULT_WHATSAPP_TYPE,
  WHATSAPP_TYPES,
  type SettingKey,
  type SettingValue,
} from '@sapa/contracts';

/**
 * What every settings key means: its platform default, who may write it, and how a written
 * value is checked. Pure, so the rules are unit-tested without a database.
 */

/** Returns an error message, or null when the value is acceptable. */
type Check = (value: string, key: string) => string | null;

interface KeyRule {
  /** Used when the account has no stored value. */
  fallback: string | null;
  /** Checks a value an admin writes; keys without one are not account-writable. */
  check?: Check;
  /** An empty string clears the value (a form's emptied URL or select). */
  emptyClears?: boolean;
  /** Stores a checked value in its canonical spelling. */
  canonical?: (value: string) => string;
}

const BOOLEAN: Check = (v, key) =>
  v === 'true' || v === 'false' ? null : `${key} must be 'true' or 'false'`;
const TIME: Check = (v, key) =>
  /^([01]\d|2[0-3]):[0-5]\d$/.test(v)
    ? null
    : `${key} must be a time in HH:mm (24-hour), for example 08:00`;
const text =
  (max: number): Check =>
  (v, key) =>
    v.length > max ? `${key} may not be more than ${max} characters` : null;
const URL_CHECK: Check = (v, key) => {
  try {
    const url = new URL(v);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && v.length <= 2000) return null;
  } catch {
    // falls through to the message
  }
  return `${key} must be a full http or https URL, for example https://example.com/webhook`;
};
const UUID: Check = (v, key) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)
    ? null
    : `${key} must be a user id`;
const WHATSAPP_TYPE: Check = (v, key) =>
  (WHATSAPP_TYPES as readonly string[]).includes(v)
    ? null
    : `${key} must be one of: ${WHATSAPP_TYPES.join(', ')}`;
/** The IANA name Intl resolves a zone to (`asia/jakarta` → `Asia/Jakarta`); null when unknown. */
function ianaZone(v: string): string | null {
  // Region/City names (and UTC) only: abbreviations such as EST and raw offsets are ambiguous.
  if (!v.includes('/') && v.toUpperCase() !== 'UTC') return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
const TIMEZONE: Check = (v, key) =>
  ianaZone(v) ? null : `${key} must be an IANA time zone such as Asia/Jakarta`;

const MESSAGE_MAX = 1000;

/**
 * Platform defaults. Prices are in rupiah; back-office values (`bo.*`, prices) are set per account
 * by the platform and only read here.
 */
const RULES: Record<SettingKey, KeyRule> = {
  // Off for regular accounts; on for api-only ones (see `accountTypeDefault`).
  enable_rest_api: { fallback: 'false', check: BOOLEAN },
  enable_webhook: { fallback: 'false', check: BOOLEAN },
  webhook: { fallback: null, check: URL_CHECK, emptyClears: true },
  // The REST API token is issued by the platform (public API issue), never chosen by a client.
  token: { fallback: null },
  rental_cost: { fallback: '0' },
  saldo: { fallback: '0' },
  'bo.billing_period': { fallback: null },
  'bo.due_date': { fallback: null },
  payment_tolerant_in_day: { fallback: '0' },
  welcomeMessage: { fallback: null, check: text(MESSAGE_MAX) },
  currentAutoAssign: { fallback: 'false', check: BOOLEAN },
  'bo.userInitiatePrice': { fallback: '350' },
  'bo.businessInitiatePrice': { fallback: '550' },
  mauPrice: { fallback: '0' },
  'bo.ppn': { fallback: '11' },
  'bo.onboardingDate': { fallback: null },
  noOnlineAgentResMsg: { fallback: null, check: text(MESSAGE_MAX) },
  agentWorkingHourStart: { fallback: '08:00', check: TIME },
  agentWorkingHourEnd: { fallback: '17:00', check: TIME },
  statusAutoResponder: { fallback: 'false', check: BOOLEAN },
  topupPrices: { fallback: '[100000,250000,500000,1000000]' },
  billPrices: { fallback: null },
  'bo.minimumBalance': { fallback: '50000' },
  allowOfflineAssignment: { fallback: 'false', check: BOOLEAN },
  isRouteDivision: { fallback: 'false', check: BOOLEAN },
  'bo.wabaChannelLimit': { fallback: '1' },
  'bo.igChannelLimit': { fallback: '1' },
  'bo.messengerChannelLimit': { fallback: '1' },
  'bo.payment_gateway': { fallback: 'midtrans' },
  fallbackAgent: { fallback: null, check: UUID, emptyClears: true },
  autoHandoverIfOnline: { fallback: 'false', check: BOOLEAN },
  'bo.isCsat': { fallback: 'false' },
  'bo.ticket_report': { fallback: 'false' },
  'bo.messageHistory': { fallback: 'false' },
  'bo.broadcast_limit': { fallback: '1000' },
  'bo.enableGreetingAssignment': { fallback: 'false' },
  'bo.enableDivisionAssignment': { fallback: 'false' },
  'bo.api_only': { fallback: 'false' },
  enable_ai: { fallback: 'false', check: BOOLEAN },
  'whatsapp-type': { fallback: DEFAULT_WHATSAPP_TYPE, check: WHATSAPP_TYPE },
  timezone: { fallback: 'Asia/Jakarta', check: TIMEZONE, canonical: (v) => ianaZone(v) ?? v },
};

/**
 * Keys whose default follows the account's type: an api-only account exists for the API, so its
 * REST API and webhooks start on; a regular account switches them on when it needs them.
 */
export function accountTypeDefault(
  key: SettingKey,
  type: 'regular' | 'api_only',
): string | null | undefined {
  if (key !== 'enable_rest_api' && key !== 'enable_webhook') return undefined;
  return type === 'api_only' ? 'true' : 'false';
}

/** The platform default of a key: what an account without a stored value gets. */
export function settingFallback(key: SettingKey): string | null {
  return RULES[key].fallback;
}

const SECRET_KEYS: ReadonlySet<SettingKey> = new Set<SettingKey>(['token']);
const PLATFORM_KEYS: ReadonlySet<SettingKey> = new Set<SettingKey>([...BACKOFFICE_KEYS, 'token']);
const KNOWN: ReadonlySet<string> = new Set(SETTING_KEYS);

/** A key as stored, from the key itself or one of the client's aliases; null when unknown. */
export function resolveSettingKey(keyOrAlias: string): SettingKey | null {
  if (KNOWN.has(keyOrAlias)) return keyOrAlias as SettingKey;
  return SETTING_ALIASES[keyOrAlias] ?? null;
}

/** Keys only the platform may change (back office, balance, prices, the API token). */
export function isPlatformOwned(key: SettingKey): boolean {
  return PLATFORM_KEYS.has(key) || !RULES[key].check;
}

/** Shows that a secret is set without revealing it: the last 4 characters at most. */
export function maskSecret(value: string): string {
  return value.length > 12 ? `********${value.slice(-4)}` : '********';
}

export interface WriteCheck {
  /** The value to store; null means "back to the platform default". */
  value: string | null;
  error: string | null;
}

/** Normalises and checks one value an admin writes to a writable key. */
export function checkSettingValue(key: SettingKey, raw: string | null): WriteCheck {
  const rule = RULES[key];
  if (raw === null) return { value: null, error: null };
  const value = raw.trim();
  if (value === '' && rule.emptyClears) return { value: null, error: null };
  const error = rule.check ? rule.check(value, key) : `${key} cannot be changed`;
  return { value: !error && rule.canonical ? rule.canonical(value) : value, error };
}

/** What the effective values are computed from. */
export interface SettingsSource {
  stored: ReadonlyMap<string, string | null>;
  account: { type: 'regular' | 'api_only'; timezone: string; createdAt: Date };
  subscription: { billingPeriod: string; dueDate: Date } | null;
  saldo: number;
}

/**
 * Every key with its effective value, in SETTING_KEYS order. Values with a single source of
 * truth elsewhere (balance, subscription, account type and time zone) come from it, so they can
 * never disagree with the settings list.
 */
export function effectiveSettings(source: SettingsSource): SettingValue[] {
  const derived: Partial<Record<SettingKey, string | null>> = {
    saldo: String(source.saldo),
    'bo.billing_period': source.subscription?.billingPeriod ?? null,
    'bo.due_date': source.subscription?.dueDate.toISOString() ?? null,
    'bo.api_only': source.account.type === 'api_only' ? 'true' : 'false',
    timezone: source.account.timezone,
  };
  return SETTING_KEYS.map((key) => {
    let value: string | null;
    if (key in derived) value = derived[key] ?? null;
    else if (source.stored.has(key)) value = source.stored.get(key) ?? null;
    else if (key === 'bo.onboardingDate') value = source.account.createdAt.toISOString();
    else value = accountTypeDefault(key, source.account.type) ?? RULES[key].fallback;
    if (value !== null && SECRET_KEYS.has(key)) value = maskSecret(value);
    return { key, value };
  });
}
