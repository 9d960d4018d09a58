import type { Deps } from '../../../deps.js';
import { AppError, notFound } from '../../../http/errors.js';
import { GatewayManager } from './gateways/manager.js';
import { InvalidNotificationError, type VerifiedNotification } from './gateways/port.js';
import { notificationsRepo } from './notifications.repo.js';
import { ordersRepo } from './orders.repo.js';

export type ReceiveOutcome = 'queued' | 'duplicate' | 'unknown_order';

const RECENT_KEYS = 10_000;

/**
 * The receiving end of a gateway's notifications: authenticity checked by the gateway's driver,
 * the notification recorded once per (order, status), and the order's settling queued in the same
 * transaction, so the gateway gets its 200 quickly and nothing it told us is lost. A forged or
 * unsigned notification changes nothing.
 */
export class PaymentNotifications {
  private readonly gateways: GatewayManager;
  private readonly inFlight = new Map<string, Promise<ReceiveOutcome>>();
  /** Keys recorded by this process lately, oldest first (a Set keeps insertion order). */
  private readonly recorded = new Set<string>();

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'log' | 'jobs' | 'config'>) {
    this.gateways = new GatewayManager(deps.config.payments, deps.clock);
  }

  async receive(
    gatewayName: string,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<ReceiveOutcome> {
    const { clock, log } = this.deps;
    const gateway = this.gateways.get(gatewayName);
    if (!gateway) throw notFound(`Unknown payment gateway: ${gatewayName}`);
    let verified: VerifiedNotification;
    try {
      verified = gateway.verifyNotification(headers, body);
    } catch (err) {
      if (!(err instanceof InvalidNotificationError)) throw err;
      log.warn({ gateway: gatewayName, reason: err.message }, 'payment notification refused');
      throw new AppError(401, err.message, 'INVALID_SIGNATURE');
    }
    const key = [
      gateway.name,
      verified.orderId,
      verified.transactionStatus,
      verified.fraudStatus,
    ].join('\u0000');
    // Copies of a notification this process already recorded, or is recording right now, are
    // answered without touching the database (gateways send them in bursts). The database's
    // unique key still decides between processes.
    if (this.recorded.has(key)) return 'duplicate';
    const inFlight = this.inFlight.get(key);
    if (inFlight) return inFlight.then(() => 'duplicate');
    const recording = this.record(gateway.name, verified, clock.now());
    this.inFlight.set(key, recording);
    try {
      const outcome = await recording;
      this.remember(key);
      return outcome;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async record(
    gatewayName: string,
    verified: VerifiedNotification,
    now: Date,
  ): Promise<ReceiveOutcome> {
    const { db, jobs, log } = this.deps;
    return db.transaction().execute(async (trx) => {
      const fresh = await notificationsRepo.record(trx, {
        gateway: gatewayName,
        orderId: verified.orderId,
        transactionStatus: verified.transactionStatus,
        fraudStatus: verified.fraudStatus,
        payload: verified.payload,
        receivedAt: now,
      });
      if (!fresh) return 'duplicate';
      const order = await ordersRepo.findById(trx, verified.orderId);
      if (!order || order.gateway !== gatewayName) {
        // Signed with our key but not our order (another environment on the same merchant
        // account): acknowledged so the gateway stops retrying, and kept in the log.
        log.warn({ orderId: verified.orderId }, 'payment notification for an unknown order');
        const notes = await notificationsRepo.unhandled(trx, gatewayName, verified.orderId);
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

  private remember(key: string): void {
    this.recorded.add(key);
    if (this.recorded.size > RECENT_KEYS) {
      const oldest = this.recorded.values().next().value;
      if (oldest !== undefined) this.recorded.delete(oldest);
    }
  }
}
