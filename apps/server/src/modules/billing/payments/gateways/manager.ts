import { PAYMENT_GATEWAYS, type PaymentsConfig } from '../../../../config.js';
import type { Clock } from '../../../../lib/clock.js';
import { MidtransGateway } from './midtrans/driver.js';
import type { GatewayName, PaymentGateway } from './port.js';

/**
 * Chooses the gateway: new orders go through `PAYMENT_GATEWAY`; an existing order, and a
 * notification, through the gateway named on it. Adding Xendit is a driver folder and one line
 * in `build` here; callers only ever see the port.
 */
export class GatewayManager {
  private readonly drivers = new Map<GatewayName, PaymentGateway>();

  constructor(
    private readonly config: PaymentsConfig,
    private readonly clock: Clock,
  ) {}

  /** The gateway new orders are paid through. */
  current(): PaymentGateway {
    return this.driver(this.config.gateway);
  }

  /** The gateway called `name` (an order's, a notification URL's); null when there is none. */
  get(name: string): PaymentGateway | null {
    return (PAYMENT_GATEWAYS as readonly string[]).includes(name)
      ? this.driver(name as GatewayName)
      : null;
  }

  private driver(name: GatewayName): PaymentGateway {
    let driver = this.drivers.get(name);
    if (!driver) {
      driver = this.build(name);
      this.drivers.set(name, driver);
    }
    return driver;
  }

  private build(name: GatewayName): PaymentGateway {
    switch (name) {
      case 'midtrans':
        return new MidtransGateway(
          { ...this.config.midtrans, timeoutMs: this.config.timeoutMs },
          this.clock,
        );
    }
  }
}
