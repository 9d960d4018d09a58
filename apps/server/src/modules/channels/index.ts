/** The channels module's public face: other modules open a channel through these, never its SQL. */
export {
  backfillChannelConfigs,
  loadChannel,
  whatsappConfigOf,
  type LoadedChannel,
} from './config.js';
export { webhookClockFor } from './webhook-clock.js';
