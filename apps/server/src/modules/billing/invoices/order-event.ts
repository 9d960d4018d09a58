import type { Order } from '@sapa/contracts';
import type { Db } from '../../../db/database.js';
import { ordersRepo } from '../payments/orders.repo.js';
import { presentOrder } from '../payments/presenter.js';

/** The order as `order.updated` carries it, read after the invoice's commit (the payments presenter). */
export async function orderForEvent(db: Db, orderId: string): Promise<Order | null> {
  const row = await ordersRepo.findViewById(db, orderId);
  return row ? presentOrder(row) : null;
}
