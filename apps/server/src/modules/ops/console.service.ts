import {
  checkOpsSetting,
  formatCurrency,
  OPS_SETTING_KEYS,
  type OpsAccountsQuery,
  type OpsBalanceBody,
  type SettingKey,
} from '@sapa/contracts';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { InsufficientBalanceError, LedgerService } from '../billing/ledger.js';
import { forgetRoutingSettings } from '../routing/index.js';
import { SettingsService } from '../settings/service.js';
import { opsAccountsRepo } from './accounts.repo.js';
import type { OpsDeps } from './deps.js';
import { presentAccountRow, presentDetail } from './presenter.js';
import { opsRepo } from './repo.js';
import { setTaxInvoiceNumber } from './tax-invoice.js';

/** Who acts: a signed-in operator in the console, or the command line (`npm run operator`). */
export interface OpsActor {
  operatorId: string | null;
  via: 'console' | 'cli';
  /** For the CLI: the system user who ran it, kept in the audit entry. */
  cliUser?: string;
}

export const ACCOUNT_NOT_FOUND = 'Account not found';
const DETAIL_ROWS = 50;

/**
 * What operators do to accounts. Each change and its audit entry (with the values before and
 * after) commit in one transaction: there is no change without its entry, nor the reverse.
 */
export class OpsConsoleService {
  private readonly ledger: LedgerService;
  private readonly settings: SettingsService;

  constructor(private readonly deps: OpsDeps) {
    this.ledger = new LedgerService(deps);
    this.settings = new SettingsService(deps);
  }

  async listAccounts(query: OpsAccountsQuery) {
    const { rows, total } = await opsAccountsRepo.list(this.deps.db, query, this.deps.clock.now());
    return { data: rows.map(presentAccountRow), total, page: query.page, perpage: query.perpage };
  }

  async accountDetail(accountId: string) {
    const { db, clock } = this.deps;
    const row = await opsAccountsRepo.find(db, accountId, clock.now());
    if (!row) throw notFound(ACCOUNT_NOT_FOUND);
    const [subscription, stored, effective, ledger, invoices, audit] = await Promise.all([
      opsAccountsRepo.subscription(db, accountId),
      db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('account_id', '=', accountId)
        .where('key', 'in', OPS_SETTING_KEYS)
        .execute(),
      this.settings.list(accountId),
      opsAccountsRepo.ledger(db, accountId, DETAIL_ROWS),
      opsAccountsRepo.invoices(db, accountId, DETAIL_ROWS),
      opsAccountsRepo.audit(db, accountId, DETAIL_ROWS),
    ]);
    const storedMap = new Map(stored.map((s) => [s.key, s.value]));
    if (row.type === 'api_only') storedMap.set('bo.api_only', 'true');
    return presentDetail({ row, subscription, storedMap, effective, ledger, invoices, audit });
  }

  /** The account an admin's email names; the CLI points at accounts this way. */
  async accountIdByAdminEmail(email: string): Promise<string> {
    const found = await opsAccountsRepo.findByAdminEmail(this.deps.db, email);
    if (!found) throw notFound(`No account has an admin with the email ${email}`);
    return found.account_id;
  }

  /** Sets platform-owned keys; every value is checked first and all are written, or none. */
  async setSettings(
    actor: OpsActor,
    accountId: string,
    entries: { key: string; value: string | null }[],
  ) {
    const issues: { path: string; message: string }[] = [];
    const changes = new Map<SettingKey, string | null>();
    entries.forEach((entry, i) => {
      const checked = checkOpsSetting(entry.key, entry.value);
      if (checked.error) issues.push({ path: `settings.${i}.value`, message: checked.error });
      else if (changes.has(entry.key as SettingKey))
        issues.push({ path: `settings.${i}.key`, message: `${entry.key} appears more than once` });
      else changes.set(entry.key as SettingKey, checked.value);
    });
    if (issues.length)
      throw badRequest(issues[0]?.message ?? 'Invalid settings', 'VALIDATION', issues);

    const { db } = this.deps;
    const list = [...changes].map(([key, value]) => ({ key, value }));
    const diff = await db.transaction().execute(async (trx) => {
      const account = await this.lockAccount(trx, accountId);
      const before = await trx
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('account_id', '=', accountId)
        .where('key', 'in', [...changes.keys()])
        .execute();
      const beforeMap = new Map(before.map((b) => [b.key, b.value]));
      if (changes.has('bo.api_only'))
        beforeMap.set('bo.api_only', account.type === 'api_only' ? 'true' : null);
      await this.settings.writePlatform(accountId, list, trx);
      const changed = list.map((c) => ({
        key: c.key,
        before: beforeMap.get(c.key) ?? null,
        after: c.value,
      }));
      await this.audit(trx, actor, accountId, 'settings.set', { changes: changed });
      return changed;
    });
    forgetRoutingSettings(db, accountId);
    return diff;
  }

  /** Credit or debit with a reason; the tenant's screens hear the new balance at once. */
  async adjustBalance(actor: OpsActor, accountId: string, body: OpsBalanceBody) {
    const { db, events } = this.deps;
    const reference = body.requestId ? `ops:${body.requestId}` : null;
    const result = await db.transaction().execute(async (trx) => {
      await this.lockAccount(trx, accountId);
      const before = (await this.ledger.balance(accountId, trx)).saldo;
      let posting;
      try {
        posting = await this.ledger.adjust(
          accountId,
          {
            amount: body.amount,
            direction: body.direction,
            description: body.reason,
            orderId: reference,
          },
          actor.operatorId,
          trx,
        );
      } catch (err) {
        if (err instanceof InsufficientBalanceError)
          throw conflict(
            `The balance is ${formatCurrency(before)}; a debit cannot take it below zero`,
            'BALANCE_TOO_LOW',
          );
        throw err;
      }
      if (posting.created)
        await this.audit(trx, actor, accountId, `balance.${body.direction}`, {
          amount: body.amount,
          reason: body.reason,
          before,
          after: posting.entry.balanceAfter,
          ledgerId: posting.entry.id,
        });
      return { created: posting.created, saldo: (await this.ledger.balance(accountId, trx)).saldo };
    });
    if (result.created) events.publish({ type: 'balance.updated', accountId, saldo: result.saldo });
    return result;
  }

  /** Moves the due date later by `days`, from the due date or from now if it has passed. */
  async extendDueDate(actor: OpsActor, accountId: string, days: number, reason: string) {
    const { db, clock } = this.deps;
    return db.transaction().execute(async (trx) => {
      await this.lockAccount(trx, accountId);
      const subscription = await opsAccountsRepo.lockSubscription(trx, accountId);
      if (!subscription)
        throw conflict('This account has no plan yet; there is no due date to extend', 'NO_PLAN');
      const now = clock.now();
      const from = Math.max(subscription.due_date.getTime(), now.getTime());
      const dueDate = new Date(from + days * 86_400_000);
      await opsAccountsRepo.setDueDate(trx, accountId, dueDate, now);
      await this.audit(trx, actor, accountId, 'subscription.extend', {
        days,
        reason,
        before: subscription.due_date.toISOString(),
        after: dueDate.toISOString(),
      });
      return { dueDate: dueDate.toISOString() };
    });
  }

  async setTaxInvoiceNumber(actor: OpsActor, invoiceId: string, nsfp: string | null) {
    return this.deps.db.transaction().execute(async (trx) => {
      const changed = await setTaxInvoiceNumber(trx, invoiceId, nsfp);
      await this.audit(trx, actor, changed.accountId, 'invoice.tax_number', {
        invoiceId,
        invoiceNumber: changed.number,
        before: changed.before,
        after: changed.after,
      });
      return { taxInvoiceNumber: changed.after };
    });
  }

  /**
   * A suspended account's users cannot sign in, and every session they hold ends now: their
   * sockets are disconnected by the session notices (here at once, elsewhere by the database's).
   */
  async suspend(actor: OpsActor, accountId: string, reason: string) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const { result, ended } = await db.transaction().execute(async (trx) => {
      const account = await this.lockAccount(trx, accountId);
      if (account.suspended_at) throw conflict('This account is already suspended', 'SUSPENDED');
      await opsAccountsRepo.setSuspension(trx, accountId, now, reason, now);
      const ended = await opsAccountsRepo.revokeAccountSessions(trx, accountId, now);
      await this.audit(trx, actor, accountId, 'account.suspend', {
        reason,
        sessionsEnded: ended.length,
      });
      const result = {
        suspendedAt: now.toISOString(),
        suspendedReason: reason,
        sessionsEnded: ended.length,
      };
      return { result, ended };
    });
    this.deps.authCache?.sessions.ended(ended);
    return result;
  }

  async unsuspend(actor: OpsActor, accountId: string, reason: string) {
    return this.deps.db.transaction().execute(async (trx) => {
      const account = await this.lockAccount(trx, accountId);
      if (!account.suspended_at) throw conflict('This account is not suspended', 'NOT_SUSPENDED');
      await opsAccountsRepo.setSuspension(trx, accountId, null, null, this.deps.clock.now());
      await this.audit(trx, actor, accountId, 'account.unsuspend', {
        reason,
        before: {
          suspendedAt: account.suspended_at.toISOString(),
          reason: account.suspended_reason,
        },
      });
      return { suspendedAt: null, suspendedReason: null, sessionsEnded: 0 };
    });
  }

  private async lockAccount(trx: Db, accountId: string) {
    const account = await trx
      .selectFrom('accounts')
      .select(['id', 'type', 'suspended_at', 'suspended_reason'])
      .where('id', '=', accountId)
      // Not FOR UPDATE: that would also hold back every ledger insert's foreign-key check.
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    return account;
  }

  private audit(
    trx: Db,
    actor: OpsActor,
    accountId: string | null,
    action: string,
    detail: Record<string, unknown>,
  ) {
    return opsRepo.audit(
      trx,
      {
        operatorId: actor.operatorId,
        via: actor.via,
        accountId,
        action,
        detail: actor.cliUser ? { ...detail, cliUser: actor.cliUser } : detail,
      },
      this.deps.clock.now(),
    );
  }
}
