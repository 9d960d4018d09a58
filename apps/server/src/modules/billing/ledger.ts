import { MESSAGES } from '@sapa/contracts';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { ledgerRepo, type LedgerKind, type LedgerRow } from './ledger.repo.js';

export class InsufficientBalanceError extends AppError {
  constructor() {
    super(402, MESSAGES.insufficientBalance, 'INSUFFICIENT_BALANCE');
  }
}

export interface LedgerEntry {
  id: string;
  amount: number;
  balanceAfter: number;
  kind: LedgerKind;
  orderId: string | null;
  description: string;
  createdAt: Date;
}

export interface Posting {
  entry: LedgerEntry;
  /** False when the order had already been booked: nothing new was written. */
  created: boolean;
}

export interface PostingInput {
  amount: number;
  orderId?: string | null;
  description?: string;
}

export function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: String(row.id),
    amount: Number(row.amount),
    balanceAfter: Number(row.balance_after),
    kind: row.kind,
    orderId: row.order_id,
    description: row.description,
    createdAt: row.created_at,
  };
}

/** Money is kept to the cent (numeric(14,2)); passed to SQL as text so no float rounding sneaks in. */
function toCents(amount: number): string {
  if (!Number.isFinite(amount) || amount <= 0)
    throw new RangeError(`ledger amount must be a positive number, got ${amount}`);
  const cents = Math.round(amount * 100);
  if (Math.abs(cents - amount * 100) > 1e-6)
    throw new RangeError(`ledger amount has more than 2 decimals: ${amount}`);
  return (cents / 100).toFixed(2);
}

/**
 * The balance (saldo) of an account. Every write is serialised per account, so balance_after
 * is always the previous balance plus the amount, however many writers run at once.
 * Pass `executor` to book inside a caller's transaction (the demo seed, a payment).
 */
export class LedgerService {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock'>) {}

  async credit(
    accountId: string,
    input: PostingInput & { kind?: Exclude<LedgerKind, 'charge'> },
    executor?: Db,
  ): Promise<Posting> {
    return this.post(accountId, input.kind ?? 'adjustment', toCents(input.amount), input, executor);
  }

  /** Takes money out; refuses with InsufficientBalanceError rather than going below zero. */
  async charge(accountId: string, input: PostingInput, executor?: Db): Promise<Posting> {
    return this.post(accountId, 'charge', `-${toCents(input.amount)}`, input, executor);
  }

  /** The balance, and the order of the last real top-up (spec: `{saldo, orderId}`). */
  async balance(
    accountId: string,
    executor?: Db,
  ): Promise<{ saldo: number; orderId: string | null }> {
    const db = executor ?? this.deps.db;
    const [last, topup] = await Promise.all([
      ledgerRepo.last(db, accountId),
      ledgerRepo.lastTopup(db, accountId),
    ]);
    return { saldo: last ? Number(last.balance_after) : 0, orderId: topup?.order_id ?? null };
  }

  /**
   * Takes back up to `amount` (a refunded top-up) as kind `refund`: all of it when the balance
   * holds it, else what is there, never below zero. Once per order: a second call finds the first
   * entry and takes nothing more. `taken` is what this order's refund entry took, in rupiah.
   */
  async takeBack(
    accountId: string,
    input: PostingInput & { orderId: string },
    executor?: Db,
  ): Promise<{ posting: Posting | null; taken: number }> {
    const wanted = Math.round(Number(toCents(input.amount)) * 100);
    const write = async (trx: Db) => {
      await ledgerRepo.lockAccount(trx, accountId);
      const booked = await ledgerRepo.findByOrder(trx, accountId, 'refund', input.orderId);
      if (booked) {
        const entry = toEntry(booked);
        return { posting: { entry, created: false }, taken: -entry.amount };
      }
      const last = await ledgerRepo.last(trx, accountId);
      const held = last ? Math.round(Number(last.balance_after) * 100) : 0;
      const cents = Math.min(wanted, held);
      if (cents <= 0) return { posting: null, taken: 0 };
      const row = await ledgerRepo.append(trx, {
        accountId,
        amount: `-${(cents / 100).toFixed(2)}`,
        kind: 'refund',
        orderId: input.orderId,
        description: input.description ?? '',
        createdAt: this.deps.clock.now(),
      });
      if (!row) throw new InsufficientBalanceError();
      return { posting: { entry: toEntry(row), created: true }, taken: cents / 100 };
    };
    const db = executor ?? this.deps.db;
    return db.isTransaction ? write(db) : db.transaction().execute(write);
  }

  async history(
    accountId: string,
    page: number,
    perpage: number,
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const { rows, total } = await ledgerRepo.page(this.deps.db, accountId, page, perpage);
    return { entries: rows.map(toEntry), total };
  }

  /**
   * A correction booked by the platform's staff (kind `adjustment`): a credit, or a debit that
   * refuses with InsufficientBalanceError rather than going below zero. `operatorId` is null for
   * the command line run without a signed-in operator. With `orderId` (a request's idempotency
   * reference) a retried request finds the first posting and books nothing more.
   */
  async adjust(
    accountId: string,
    input: {
      amount: number;
      direction: 'credit' | 'debit';
      description: string;
      orderId?: string | null;
    },
    operatorId: string | null,
    executor?: Db,
  ): Promise<Posting> {
    const cents = toCents(input.amount);
    const signed = input.direction === 'debit' ? `-${cents}` : cents;
    return this.post(accountId, 'adjustment', signed, input, executor, operatorId);
  }

  private post(
    accountId: string,
    kind: LedgerKind,
    amount: string,
    input: PostingInput,
    executor?: Db,
    operatorId: string | null = null,
  ): Promise<Posting> {
    const orderId = input.orderId ?? null;
    const write = async (trx: Db): Promise<Posting> => {
      await ledgerRepo.lockAccount(trx, accountId);
      if (orderId) {
        const booked = await ledgerRepo.findByOrder(trx, accountId, kind, orderId);
        if (booked) return { entry: toEntry(booked), created: false };
      }
      const row = await ledgerRepo.append(trx, {
        accountId,
        amount,
        kind,
        orderId,
        description: input.description ?? '',
        createdAt: this.deps.clock.now(),
        operatorId,
      });
      if (!row) throw new InsufficientBalanceError();
      return { entry: toEntry(row), created: true };
    };
    const db = executor ?? this.deps.db;
    return db.isTransaction ? write(db) : db.transaction().execute(write);
  }
}
