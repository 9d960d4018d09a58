import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

/** What a message counts as once it has reached the customer's channel. */
const SENT = ['sent', 'delivered', 'read'] as const;

/** PostgreSQL answers booleans; Kysely's SqlBool also admits MySQL's 0 and 1. */
export interface OnboardingRow {
  channel: SqlBool;
  team: SqlBool;
  template: SqlBool;
  top_up: SqlBool;
  message: SqlBool;
}

/** The setup facts of one account, each an EXISTS on an index that starts with the account. */
export const onboardingRepo = {
  async facts(db: Db, accountId: string): Promise<OnboardingRow> {
    const one = sql<number>`1`.as('one');
    return db
      .selectNoFrom((eb) => [
        eb
          .exists(
            eb
              .selectFrom('channels')
              .select(one)
              .where('account_id', '=', accountId)
              .where('deleted_at', 'is', null),
          )
          .as('channel'),
        // Someone besides the first person: invited (not yet signed in) or active.
        eb(
          eb
            .selectFrom('users')
            .select((u) => u.fn.countAll<number>().as('n'))
            .where('account_id', '=', accountId)
            .where('status', 'in', ['invited', 'active']),
          '>',
          1,
        ).as('team'),
        eb
          .exists(eb.selectFrom('templates').select(one).where('account_id', '=', accountId))
          .as('template'),
        // A real top-up; the demo's opening credit and broadcast refunds are other kinds.
        eb
          .exists(
            eb
              .selectFrom('balance_ledger')
              .select(one)
              .where('account_id', '=', accountId)
              .where('kind', '=', 'topup'),
          )
          .as('top_up'),
        // A message a person of the account sent that reached the channel (automatic messages
        // have no sender), or a broadcast message that did.
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('messages')
                .select(one)
                .where('account_id', '=', accountId)
                .where('from_me', '=', true)
                .where('sender_id', 'is not', null)
                .where('status', 'in', SENT),
            ),
            eb.exists(
              eb
                .selectFrom('broadcasts as b')
                .innerJoin('broadcast_recipients as r', 'r.broadcast_id', 'b.id')
                .select(one)
                .where('b.account_id', '=', accountId)
                .where('r.status', 'in', SENT),
            ),
          ])
          .as('message'),
      ])
      .executeTakeFirstOrThrow();
  },
};
