import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type LedgerKind = 'topup' | 'charge' | 'refund' | 'adjustment' | 'plan';

export interface LedgerRow {
  // bigserial: schema.ts says string, the int8 parser in database.ts yields a number.
  id: string | number;
  amount: string;
  balance_after: string;
  kind: LedgerKind;
  order_id: string | null;
  description: string;
  created_at: Date;
}

const COLUMNS = [
  'id',
  'amount',
  'balance_after',
  'kind',
  'order_id',
  'description',
  'created_at',
] as const;

/** The append-only balance ledger; the newest row of an account carries its balance. */
export const ledgerRepo = {
  /**
   * Serialises ledger writes of one account until the surrounding transaction ends. An advisory
   * lock rather than `FOR UPDATE` on the last row, because an account without rows has no row to lock.
   */
  async lockAccount(trx: Db, accountId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`balance_ledger:${accountId}`}, 0))`.execute(
      trx,
    );
  },

  /**
   * The balance (newest row) and the order id of the newest top-up. Other rows carry internal
   * references (`broadcast:<id>:claim:<uuid>`, the demo's opening credit) that mean nothing to a
   * customer, so the "last top-up order" a person sees comes from top-ups only.
   */
  async last(
    db: Db,
    accountId: string,
  ): Promise<{ balance_after: string; order_id: string | null } | undefined> {
    // One round trip, two index probes: (account_id, id DESC) and (account_id, kind, order_id).
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('balance_ledger')
          .select('balance_after')
          .where('account_id', '=', accountId)
          .orderBy('id', 'desc')
          .limit(1)
          .as('balance_after'),
        eb
          .selectFrom('balance_ledger')
          .select('order_id')
          .where('account_id', '=', accountId)
          .where('kind', '=', 'topup')
          .where('order_id', 'is not', null)
          .orderBy('id', 'desc')
          .limit(1)
          .as('order_id'),
      ])
      .executeTakeFirst();
    if (!row || row.balance_after === null) return undefined;
    return { balance_after: row.balance_after, order_id: row.order_id ?? null };
  },

  /** The newest real top-up (a paid order), whose order id the balance endpoint names. */
  lastTopup(db: Db, accountId: string) {
    return db
      .selectFrom('balance_ledger')
      .select(['order_id'])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'topup')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  findByOrder(
    db: Db,
    accountId: string,
    kind: LedgerKind,
    orderId: string,
  ): Promise<LedgerRow | undefined> {
    return db
      .selectFrom('balance_ledger')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  },

  /**
   * Appends a signed amount on top of the current balance, computed in SQL with exact numeric
   * arithmetic. Returns undefined (nothing written) when the balance would go below zero.
   * Call under `lockAccount` in the same transaction.
   */
  async append(
    trx: Db,
    input: {
      accountId: string;
      amount: string;
      kind: LedgerKind;
      orderId: string | null;
      description: string;
      createdAt: Date;
      /** The operator who booked an adjustment by hand (console or CLI). */
      operatorId?: string | null;
    },
  ): Promise<LedgerRow | undefined> {
    const { rows } = await sql<LedgerRow>`
      INSERT INTO balance_ledger (account_id, amount, balance_after, kind, order_id, description, created_at, operator_id)
      SELECT ${input.accountId}, ${input.amount}::numeric, cur.balance + ${input.amount}::numeric,
             ${input.kind}, ${input.orderId}, ${input.description}, ${input.createdAt},
             ${input.operatorId ?? null}::uuid
      FROM (SELECT coalesce(
              (SELECT balance_after FROM balance_ledger WHERE account_id = ${input.accountId} ORDER BY id DESC LIMIT 1),
              0) AS balance) cur
      WHERE cur.balance + ${input.amount}::numeric >= 0
      RETURNING id, amount, balance_after, kind, order_id, description, created_at`.execute(trx);
    return rows[0];
  },

  async page(
    db: Db,
    accountId: string,
    page: number,
    perpage: number,
  ): Promise<{ rows: LedgerRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('balance_ledger')
        .select(COLUMNS)
        .where('account_id', '=', accountId)
        .orderBy('id', 'desc')
        .limit(perpage)
        .offset((page - 1) * perpage)
        .execute(),
      db
        .selectFrom('balance_ledger')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },
};
