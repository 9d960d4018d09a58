import { z } from 'zod';
import {
  settingValueSchema,
  subscriptionInfoSchema,
  userSchema,
  type SubscriptionInfo,
  type User,
} from '@sapa/contracts';
import { api, HttpError } from '../../lib/http';
import {
  accountInfoSchema,
  balanceSchema,
  DEFAULT_WHATSAPP_TYPE,
  getCachedBilling,
  getCachedSettings,
  getCachedUser,
  setAiEnabled,
  setApiOnly,
  setCachedBilling,
  setCachedSettings,
  setCachedUser,
  setWhatsappType,
  type AccountInfo,
  type Balance,
  type SettingsMap,
} from '../../lib/storage';

/** GET /users/me/all (docs/API.md). */
export const meAllResponseSchema = z.object({
  user: userSchema,
  account: accountInfoSchema,
  settings: z.array(settingValueSchema),
  subscription: subscriptionInfoSchema,
  balance: balanceSchema,
});

export interface SessionData {
  user: User;
  account: AccountInfo | null;
  settings: SettingsMap;
  subscription: SubscriptionInfo | null;
  balance: Balance | null;
  /** False while a 2FA code is pending: only the user could be read. */
  complete: boolean;
}

function cache(data: SessionData): void {
  if (!data.complete || !data.account || !data.subscription || !data.balance) return;
  setCachedUser({ user: data.user, account: data.account });
  setCachedBilling({ balance: data.balance, subscription: data.subscription });
  setCachedSettings(data.settings);
  setWhatsappType(data.settings['whatsapp-type'] ?? DEFAULT_WHATSAPP_TYPE);
  setAiEnabled(data.settings.enable_ai === 'true');
  setApiOnly(data.account.type === 'api_only' || data.settings['bo.api_only'] === 'true');
}

/** The session-storage copy, if it is complete and belongs to this user (§3 "fetched once"). */
export function readCachedSession(userId: string): SessionData | null {
  const cachedUser = getCachedUser();
  const billing = getCachedBilling();
  const settings = getCachedSettings();
  if (!cachedUser || !billing || !settings || cachedUser.user._id !== userId) return null;
  return {
    user: cachedUser.user,
    account: cachedUser.account,
    settings,
    subscription: billing.subscription,
    balance: billing.balance,
    complete: true,
  };
}

/**
 * Rule 3's load: user, balance, settings and subscription in one call. A token still waiting
 * for its 2FA code may only read GET /users/me, which is enough for the guard to send it on.
 */
export async function fetchSessionData(): Promise<SessionData> {
  try {
    const all = meAllResponseSchema.parse(await api.get<unknown>('users/me/all'));
    const data: SessionData = {
      user: all.user,
      account: all.account,
      settings: Object.fromEntries(all.settings.map((s) => [s.key, s.value])),
      subscription: all.subscription,
      balance: all.balance,
      complete: true,
    };
    cache(data);
    return data;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403 && error.code === '2FA_REQUIRED') {
      const user = userSchema.parse(await api.get<unknown>('users/me'));
      return {
        user,
        account: null,
        settings: {},
        subscription: null,
        balance: null,
        complete: false,
      };
    }
    if (error instanceof z.ZodError) {
      // The server answered something this build does not understand; say what, for support.
      console.error('Unexpected /users/me/all answer', error.issues);
    }
    throw error;
  }
}
