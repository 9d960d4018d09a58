import type { Logger } from 'pino';
import type { CallLog } from './calls.js';
import type { Clock } from './clock.js';
import type { SandboxConfig } from './config.js';
import type { PhoneEvents } from './events.js';
import type { FaultBook } from './faults.js';
import type { MetaEngine } from './meta/engine.js';
import type { Lookaside } from './meta/lookaside.js';
import type { MetaStore } from './meta/store.js';
import type { Messaging } from './messaging.js';
import type { SnapPayments } from './payments/snap.js';
import type { Store } from './store.js';
import type { ArrivalMeter } from './throughput/arrivals.js';
import type { SendLedger } from './throughput/ledger.js';
import type { ThroughputLimiter } from './throughput/limiter.js';
import type { WaWeb } from './wa-web/service.js';
import type { Deliverer } from './webhooks/delivery.js';

/** Everything the routes share; built once per sandbox instance by buildSandbox. */
export interface SandboxContext {
  config: SandboxConfig;
  clock: Clock;
  store: Store;
  faults: FaultBook;
  calls: CallLog;
  deliverer: Deliverer;
  events: PhoneEvents;
  messaging: Messaging;
  /** Per-number send rate as Meta enforces it (130429 over it). */
  throughput: ThroughputLimiter;
  /** Template sends per recipient, for exactly-once checks. */
  ledger: SendLedger;
  /** The Midtrans Snap stand-in: transactions, their notifications to Sapa. */
  payments: SnapPayments;
  /** Send requests per number by arrival: the busiest 1-second window, for pacing checks. */
  arrivals: ArrivalMeter;
  /** Messenger and Instagram: pages, accounts, threads, and the engine that plays them. */
  meta: { store: MetaStore; engine: MetaEngine; lookaside: Lookaside };
  /** WhatsApp basic (issue 20): the WhatsApp-Web servers and the linked number's phone. */
  wa: WaWeb;
  log: Logger;
  /** Registers the configured seed numbers again (start-up and /sandbox/reset). */
  seed(): void;
}
