/**
 * Pricing's public face: every price, every "may this account send?", and usage charges. Other
 * modules import from here (or from billing/index.ts once it re-exports this).
 */
export { prices, pricesOf, toCents, type Prices } from './prices.js';
export {
  AccountSuspendedError,
  SubscriptionExpiredError,
  assertMaySend,
  isSendRefusal,
  maySend,
  pricingStanding,
  refusalError,
  type MaySend,
  type SendKind,
  type SendRefusal,
} from './may-send.js';
export { noteBalanceChanged, registerUsageCharges, usageIdle } from './listeners.js';
export { registerUsageSweeper, runUsageSweep } from './sweeper.js';
export { pricingRoutes } from './routes.js';
