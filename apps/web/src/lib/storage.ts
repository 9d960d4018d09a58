import { z } from 'zod';
import {
  accountTypeSchema,
  lastSaldoSchema,
  subscriptionInfoSchema,
  userSchema,
  type SubscriptionInfo,
  type User,
} from '@sapa/contracts';

/**
 * Browser persistence exactly as spec §3: the token, chat state, sidebar mini state and the
 * forbidden flag survive restarts (localStorage); user, billing, settings, WhatsApp type, AI flag
 * and API-only flag are fetched once per tab session and can be reset (sessionStorage).
 */
export const STORAGE_KEYS = {
  token: 'sapa.token',
  chatState: 'sapa.chatState',
  sidebarMini: 'sapa.sidebarMini',
  forbidden: 'sapa.forbidden',
  user: 'sapa.user',
  billing: 'sapa.billing',
  settings: 'sapa.settings',
  whatsappType: 'sapa.whatsappType',
  aiEnabled: 'sapa.aiEnabled',
  apiOnly: 'sapa.apiOnly',
  setupChecklist: 'sapa.setupChecklist',
} as const;

const SESSION_CACHE_KEYS = [
  STORAGE_KEYS.user,
  STORAGE_KEYS.billing,
  STORAGE_KEYS.settings,
  STORAGE_KEYS.whatsappType,
  STORAGE_KEYS.aiEnabled,
  STORAGE_KEYS.apiOnly,
] as const;

export const DEFAULT_WHATSAPP_TYPE = 'wabasic';

export const accountInfoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: accountTypeSchema,
  timezone: z.string().optional(),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

export const cachedUserSchema = z.object({ user: userSchema, account: accountInfoSchema });
export type CachedUser = { user: User; account: AccountInfo };

export const balanceSchema = lastSaldoSchema;
export type Balance = z.infer<typeof balanceSchema>;

export const cachedBillingSchema = z.object({
  balance: balanceSchema,
  subscription: subscriptionInfoSchema,
});
export type CachedBilling = { balance: Balance; subscription: SubscriptionInfo };

export const settingsMapSchema = z.record(z.string(), z.string().nullable());
export type SettingsMap = Record<string, string | null>;

// Storage can throw (private mode, quota, disabled cookies); persistence is best effort there.
function read(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function write(store: Storage, key: string, value: string | null): void {
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Nothing useful to do: the app keeps working from memory.
  }
}

function readJson<T>(store: Storage, key: string, schema: z.ZodType<T>): T | null {
  const raw = read(store, key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Corrupt JSON falls through to removal.
  }
  // A value from an older build or a manual edit must not crash the app; drop it.
  write(store, key, null);
  return null;
}

function writeJson(store: Storage, key: string, value: unknown): void {
  write(store, key, value === null || value === undefined ? null : JSON.stringify(value));
}

function readFlag(store: Storage, key: string): boolean | null {
  const raw = read(store, key);
  return raw === null ? null : raw === 'true';
}

// ---- token (localStorage) with change listeners so the session follows refreshes and other tabs

type TokenListener = (token: string | null) => void;
const tokenListeners = new Set<TokenListener>();

export function getToken(): string | null {
  return read(localStorage, STORAGE_KEYS.token);
}

export function setToken(token: string | null): void {
  if (getToken() === token) return;
  write(localStorage, STORAGE_KEYS.token, token);
  for (const listener of tokenListeners) listener(token);
}

export function subscribeToken(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.token || event.key === null) listener(getToken());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// ---- other localStorage values

export function getChatState<T>(schema: z.ZodType<T>): T | null {
  return readJson(localStorage, STORAGE_KEYS.chatState, schema);
}

export function setChatState(state: unknown): void {
  writeJson(localStorage, STORAGE_KEYS.chatState, state);
}

export function getSidebarMini(): boolean {
  return readFlag(localStorage, STORAGE_KEYS.sidebarMini) ?? false;
}

export function setSidebarMini(mini: boolean): void {
  write(localStorage, STORAGE_KEYS.sidebarMini, String(mini));
}

export function getForbidden(): boolean {
  return readFlag(localStorage, STORAGE_KEYS.forbidden) ?? false;
}

export function setForbidden(forbidden: boolean): void {
  write(localStorage, STORAGE_KEYS.forbidden, forbidden ? 'true' : null);
}

/**
 * How the dashboard's setup checklist is shown, per account: folded to its header, or put away
 * once every step was done. A device preference like the sidebar's, so logout keeps it.
 */
export type SetupChecklistView = 'collapsed' | 'dismissed';
const setupChecklistSchema = z.record(z.string(), z.enum(['collapsed', 'dismissed']));

export function getSetupChecklistView(accountId: string): SetupChecklistView | null {
  return (
    readJson(localStorage, STORAGE_KEYS.setupChecklist, setupChecklistSchema)?.[accountId] ?? null
  );
}

export function setSetupChecklistView(accountId: string, view: SetupChecklistView | null): void {
  const all = readJson(localStorage, STORAGE_KEYS.setupChecklist, setupChecklistSchema) ?? {};
  if (view === null) delete all[accountId];
  else all[accountId] = view;
  writeJson(localStorage, STORAGE_KEYS.setupChecklist, Object.keys(all).length > 0 ? all : null);
}

// ---- sessionStorage cache: fetched once, resettable

export function getCachedUser(): CachedUser | null {
  return readJson(sessionStorage, STORAGE_KEYS.user, cachedUserSchema);
}

export function setCachedUser(value: CachedUser | null): void {
  writeJson(sessionStorage, STORAGE_KEYS.user, value);
}

export function getCachedBilling(): CachedBilling | null {
  return readJson(sessionStorage, STORAGE_KEYS.billing, cachedBillingSchema);
}

export function setCachedBilling(value: CachedBilling | null): void {
  writeJson(sessionStorage, STORAGE_KEYS.billing, value);
}

export function getCachedSettings(): SettingsMap | null {
  return readJson(sessionStorage, STORAGE_KEYS.settings, settingsMapSchema);
}

export function setCachedSettings(value: SettingsMap | null): void {
  writeJson(sessionStorage, STORAGE_KEYS.settings, value);
}

/** WhatsApp account type; 'wabasic' when unknown (§3, §7 fallback). */
export function getWhatsappType(): string {
  return read(sessionStorage, STORAGE_KEYS.whatsappType) ?? DEFAULT_WHATSAPP_TYPE;
}

export function setWhatsappType(value: string | null): void {
  write(sessionStorage, STORAGE_KEYS.whatsappType, value);
}

/** AI flag; null means not fetched yet (callers fall back to false, §7). */
export function getAiEnabled(): boolean | null {
  return readFlag(sessionStorage, STORAGE_KEYS.aiEnabled);
}

export function setAiEnabled(value: boolean | null): void {
  write(sessionStorage, STORAGE_KEYS.aiEnabled, value === null ? null : String(value));
}

/** API-only flag; null means not fetched yet (callers fall back to false, §7). */
export function getApiOnly(): boolean | null {
  return readFlag(sessionStorage, STORAGE_KEYS.apiOnly);
}

export function setApiOnly(value: boolean | null): void {
  write(sessionStorage, STORAGE_KEYS.apiOnly, value === null ? null : String(value));
}

/** Forget everything fetched once per session so the next read goes to the server. */
export function resetSessionCache(): void {
  for (const key of SESSION_CACHE_KEYS) write(sessionStorage, key, null);
}

/**
 * Logout: drops the token, chat state, forbidden flag and the session cache. The sidebar mini
 * state and language are device preferences, not account data, so they stay.
 */
export function clearAll(): void {
  resetSessionCache();
  write(localStorage, STORAGE_KEYS.chatState, null);
  write(localStorage, STORAGE_KEYS.forbidden, null);
  setToken(null);
}
