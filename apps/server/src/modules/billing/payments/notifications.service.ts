import type { Deps } from '../../../deps.js';
import { AppError, notFound } from '../../../http/errors.js';
import { GatewayManager } from './gateways/manager.js';
import { InvalidNotificationError } from './gateways/port.js';
import { notificationsRepo } from './notifications.repo.js';
import { ordersRepo } from './orders.repo.js';

export type ReceiveOutcome = 'queued' | 'duplicate' | 'unknown_order';

/**
 * The receiving end of a gateway's notifications: authenticity checked by the gateway's driver,
 * the notification recorded once per (order, status), and the order's settling queued in the same
 * transaction, so the gateway gets its 200 quickly and nothing it told us is lost. A forged or
 * unsigned notification changes nothing.
 */
export class PaymentNotifications {
  private readonly gateways: GatewayManager;

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'log' | 'jobs' | 'config'>) {
    this.gateways = new GatewayManager(deps.config.payments, deps.clock);
  }

  async receive(
    gatewayName: string,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<ReceiveOutcome> {
    const { db, clock, jobs, log } = this.deps;
    const gateway = this.gateways.get(gatewayName);
    if (!gateway) throw notFound(`Unknown payment gateway: ${gatewayName}`);
    let verified;
    try {
      verified = gateway.verifyNotification(headers, body);
    } catch (err) {
      if (!(err instanceof InvalidNotificationError)) throw err;
      log.warn({ gateway: gatewayName, reason: err.message }, 'payment notification refused');
      throw new AppError(401, err.message, 'INVALID_SIGNATURE');
    }
    const order = await ordersRepo.findById(db, verified.orderId);
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const fresh = await notificationsRepo.record(trx, {
        gateway: gateway.name,
        orderId: verified.orderId,
        transactionStatus: verified.transactionStatus,
        fraudStatus: verified.fraudStatus,
        payload: verified.payload,
        receivedAt: now,
      });
      if (!fresh) return 'duplicate';
      if (!order || order.gateway !== gateway.name) {
        // Signed with our key but not our order (another environment on the same merchant
        // account): acknowledged so the gateway stops retrying, and kept in the log.
        log.warn({ orderId: verified.orderId }, 'payment notification for an unknown order');
        const notes = await notificationsRepo.unhandled(trx, gateway.name, verified.orderId);
        await notificationsRepo.markHandled(
          trx,
          notes.map((n) => n.id),
          'unknown_order',
          now,
        );
        return 'unknown_order';
      }
      await jobs.enqueue('payments.settle', { orderId: order.id }, {}, trx);
      return 'queued';
    });
  }
}
