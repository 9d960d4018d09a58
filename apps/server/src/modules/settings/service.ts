import { MESSAGES, type SettingKey, type SettingValue } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.js';
import { plansRepo, type SubscriptionRow } from '../billing/plans/repo.js';
import { ledgerRepo } from '../billing/ledger.repo.js';
import {
  checkSettingValue,
  effectiveSettings,
  isPlatformOwned,
  resolveSettingKey,
} from './catalog.js';
import { forgetRoutingSettings } from '../routing/index.js';
import { settingsRepo } from './repo.js';

const DEFAULT_TIMEZONE = 'Asia/Jakarta';

/** Everything the settings of an account are computed from, loaded in parallel. */
export interface AccountState {
  account: NonNullable<Awaited<ReturnType<typeof settingsRepo.findAccount>>>;
  stored: Map<string, string | null>;
  subscription: SubscriptionRow | undefined;
  balance: { saldo: number; orderId: string | null };
}

export async function loadAccountState(db: Db, accountId: string): Promise<AccountState> {
  const [account, stored, subscription, last, topup] = await Promise.all([
    settingsRepo.findAccount(db, accountId),
    settingsRepo.listStored(db, accountId),
    plansRepo.findSubscription(db, accountId),
    ledgerRepo.last(db, accountId),
    ledgerRepo.lastTopup(db, accountId),
  ]);
  // The principal was loaded from this account a moment ago; gone means it was just deleted.
  if (!account) throw unauthorized(MESSAGES.sessionExpired, 'ACCOUNT_GONE');
  const balance = {
    saldo: last ? Number(last.balance_after) : 0,
    orderId: topup?.order_id ?? null,
  };
  return { account, stored, subscription, balance };
}

export function settingsOf(state: AccountState): SettingValue[] {
  return effectiveSettings({
    stored: state.stored,
    account: {
      type: state.account.type,
      timezone: state.account.timezone,
      createdAt: state.account.created_at,
    },
    subscription: state.subscription
      ? { billingPeriod: state.subscription.billing_period, dueDate: state.subscription.due_date }
      : null,
    saldo: state.balance.saldo,
  });
}

type Issue = { path: string; message: string };

/** Account settings: effective values for everyone in the account, writes for its admin. */
export class SettingsService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async list(accountId: string): Promise<SettingValue[]> {
    return settingsOf(await loadAccountState(this.deps.db, accountId));
  }

  /** One key, by its name or a client alias (`billing_period`, `csat`, …). */
  async get(accountId: string, keyOrAlias: string): Promise<SettingValue> {
    const key = resolveSettingKey(keyOrAlias);
    if (!key) throw notFound(`${MESSAGES.settingNotFound}: ${keyOrAlias}`);
    const found = (await this.list(accountId)).find((s) => s.key === key);
    if (!found) throw notFound(`${MESSAGES.settingNotFound}: ${keyOrAlias}`);
    return found;
  }

  async aiEnabled(accountId: string): Promise<boolean> {
    return (await this.get(accountId, 'enable_ai')).value === 'true';
  }

  /**
   * Writes a batch all-or-nothing. Platform-owned keys refuse the whole batch (403); every
   * invalid value is reported at once (400) so a form can mark each field.
   */
  async update(
    accountId: string,
    entries: { key: SettingKey; value: string | null }[],
  ): Promise<SettingValue[]> {
    const { db, clock } = this.deps;
    const owned = entries.filter((e) => isPlatformOwned(e.key)).map((e) => e.key);
    if (owned.length) {
      const list = [...new Set(owned)].join(', ');
      throw forbidden(
        `${list} ${owned.length > 1 ? 'are' : 'is'} managed by Sapa and cannot be changed from your account`,
        'SETTING_READ_ONLY',
      );
    }

    const issues: Issue[] = [];
    const seen = new Set<string>();
    const changes = new Map<SettingKey, string | null>();
    for (const [i, entry] of entries.entries()) {
      if (seen.has(entry.key)) {
        issues.push({ path: `settings.${i}.key`, message: `${entry.key} appears more than once` });
        continue;
      }
      seen.add(entry.key);
      const checked = checkSettingValue(entry.key, entry.value);
      if (checked.error) issues.push({ path: `settings.${i}.value`, message: checked.error });
      else changes.set(entry.key, checked.value);
    }

    const fallbackAgent = changes.get('fallbackAgent');
    if (fallbackAgent && !(await settingsRepo.isActiveUser(db, accountId, fallbackAgent))) {
      const i = entries.findIndex((e) => e.key === 'fallbackAgent');
      issues.push({
        path: `settings.${i}.value`,
        message: 'fallbackAgent must be an active user of this account',
      });
    }

    if (issues.length)
      throw badRequest(issues[0]?.message ?? 'Invalid settings', 'VALIDATION', issues);

    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const timezone = changes.get('timezone');
      if (changes.has('timezone'))
        await settingsRepo.setTimezone(trx, accountId, timezone ?? DEFAULT_TIMEZONE, now);
      const rest = [...changes].filter(([key]) => key !== 'timezone');
      await settingsRepo.upsert(
        trx,
        accountId,
        rest.flatMap(([key, value]) => (value === null ? [] : [{ key, value }])),
        now,
      );
      await settingsRepo.remove(
        trx,
        accountId,
        rest.filter(([, value]) => value === null).map(([key]) => key),
      );
    });
    // Routing caches its keys for a moment; this process applies the change at once (others
    // within that moment).
    forgetRoutingSettings(db, accountId);
    return this.list(accountId);
  }

  /**
   * Platform-owned values (the `bo.*` keys and prices) as the operator console writes them,
   * checked there by the contracts' `checkOpsSetting`; null goes back to the platform default.
   * `bo.api_only` is the account's type, not a stored row. Inside the caller's transaction when
   * `executor` is one; routing's cache is dropped here and should be again after that commits.
   */
  async writePlatform(
    accountId: string,
    changes: { key: SettingKey; value: string | null }[],
    executor?: Db,
  ): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const write = async (trx: Db) => {
      const apiOnly = changes.find((c) => c.key === 'bo.api_only');
      if (apiOnly)
        await settingsRepo.setType(
          trx,
          accountId,
          apiOnly.value === 'true' ? 'api_only' : 'regular',
          now,
        );
      const rest = changes.filter((c) => c.key !== 'bo.api_only');
      await settingsRepo.upsert(
        trx,
        accountId,
        rest.flatMap((c) => (c.value === null ? [] : [{ key: c.key, value: c.value }])),
        now,
      );
      await settingsRepo.remove(
        trx,
        accountId,
        rest.filter((c) => c.value === null).map((c) => c.key),
      );
    };
    const target = executor ?? db;
    await (target.isTransaction ? write(target) : target.transaction().execute(write));
    forgetRoutingSettings(db, accountId);
  }
}
