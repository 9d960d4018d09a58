import type { Db } from '../../../db/database.js';

export interface UnhandledNotification {
  id: string;
  transactionStatus: string;
  fraudStatus: string;
  receivedAt: Date;
}

/** The raw log of what gateways told us, and how far handling each notification got. */
export const notificationsRepo = {
  /**
   * Records a verified notification once per (gateway, order, status, fraud status); a copy finds
   * the first and gets false. Copies racing each other wait on the unique index, so exactly one
   * of them sees true.
   */
  async record(
    db: Db,
    n: {
      gateway: string;
      orderId: string;
      transactionStatus: string;
      fraudStatus: string;
      payload: unknown;
      receivedAt: Date;
    },
  ): Promise<boolean> {
    const row = await db
      .insertInto('payment_notifications')
      .values({
        gateway: n.gateway,
        order_id: n.orderId,
        transaction_status: n.transactionStatus,
        fraud_status: n.fraudStatus,
        payload: JSON.stringify(n.payload),
        received_at: n.receivedAt,
      })
      .onConflict((oc) =>
        oc.columns(['gateway', 'order_id', 'transaction_status', 'fraud_status']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Notifications of the order still waiting for handling (taken before the status is read). */
  async unhandled(db: Db, gateway: string, orderId: string): Promise<UnhandledNotification[]> {
    const rows = await db
      .selectFrom('payment_notifications')
      .select(['id', 'transaction_status', 'fraud_status', 'received_at'])
      .where('gateway', '=', gateway)
      .where('order_id', '=', orderId)
      .where('handled_at', 'is', null)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      transactionStatus: r.transaction_status,
      fraudStatus: r.fraud_status,
      receivedAt: r.received_at,
    }));
  },

  /**
   * Marks exactly these as handled. A notification that arrived while the status was being read
   * is not among them, so the next handling (its own job, or the sweep) still looks at it.
   */
  async markHandled(db: Db, ids: string[], outcome: string, now: Date): Promise<void> {
    if (!ids.length) return;
    await db
      .updateTable('payment_notifications')
      .set({ handled_at: now, outcome })
      .where('id', 'in', ids)
      .where('handled_at', 'is', null)
      .execute();
  },
};
