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

  async balance(
    accountId: string,
    executor?: Db,
  ): Promise<{ saldo: number; orderId: string | null }> {
    const last = await ledgerRepo.last(executor ?? this.deps.db, accountId);
    return { saldo: last ? Number(last.balance_after) : 0, orderId: last?.order_id ?? null };
  }

  async history(
    accountId: string,
    page: number,
    perpage: number,
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const { rows, total } = await ledgerRepo.page(this.deps.db, accountId, page, perpage);
    return { entries: rows.map(toEntry), total };
  }

  private post(
    accountId: string,
    kind: LedgerKind,
    amount: string,
    input: PostingInput,
    executor?: Db,
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
      });
      if (!row) throw new InsufficientBalanceError();
      return { entry: toEntry(row), created: true };
    };
    const db = executor ?? this.deps.db;
    return db.isTransaction ? write(db) : db.transaction().execute(write);
  }
}
