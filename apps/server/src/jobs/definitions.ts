/**
 * Every background job, with its payload type, in one place. Work that can fail remotely runs
 * here, enqueued in the same transaction as the state that needs it.
 */
export interface JobPayloads {
  /**
   * Sends queued messages: one (a person's send, an automatic message) or a stored batch of API
   * sends (one job per batch: the provider drain claims, paces and marks them together).
   */
  'message.send':
    { messageId: string; attempt: number } | { messageIds: string[]; attempt: number };
  /** Every minute: queued messages whose send worker died mid-send, failed as in doubt. */
  'message.send-sweep': Record<string, never>;
  'media.fetch': { messageId: string; attempt: number };
  'message.mark-read': { chatId: string; providerMessageId: string };
  /** A Messenger/Instagram customer's name and picture, asked once when their chat starts. */
  'chat.profile': { chatId: string; attempt: number };
  /** Every minute: queue downloads of inbound media still pending (a lost enqueue, a crash). */
  'media.sweep': Record<string, never>;
  /** A scheduled broadcast's start, enqueued with startAfter = scheduled_at (issue 6). */
  'broadcast.start': { broadcastId: string };
  /** One sending lane of a running broadcast: claims, paces and sends until out of work. */
  'broadcast.send': { broadcastId: string; slot: number };
  /** Missed starts, in-doubt sends after a crash, lanes whose worker died, completions. */
  'broadcast.sweep': Record<string, never>;
  /** Every 5 minutes: template statuses from Meta for templates still under review. */
  'templates.sync': Record<string, never>;
  /** Issues the invoice of a paid order; enqueued in the transaction that marks it paid. */
  'invoice.issue': { orderId: string };
  /** Re-reads an order's payment from its gateway and settles it (queued by a notification). */
  'payments.settle': { orderId: string };
  /** Every minute: orders whose notification handling did not finish, pending ones past expiry. */
  'payments.reconcile': Record<string, never>;
  /** Every minute: usage charges a lost event missed, refunds of failed openers, owed charges. */
  'usage.sweep': Record<string, never>;
  /** Every 5 minutes: invoices for paid orders whose `invoice.issue` job gave up. */
  'invoice.sweep': Record<string, never>;
  /** Every minute: asks Meta whether connected channels' tokens still work (channels module). */
  'channels.token-check': Record<string, never>;
  /** Every minute: ledger rows not yet in the daily cost (an announcement lost in a crash). */
  'reports.sweep': Record<string, never>;
  /** Nightly: facts the listeners missed and rollups that drifted, for a range or yesterday. */
  'reports.reconcile': { accountId?: string; from?: string; to?: string };
  /** Every minute: surveys a lost event missed, expired surveys, passed comment windows (csat). */
  'csat.sweep': Record<string, never>;
  /** Every 10 minutes: `Idempotency-Key` answers past their 24 h (idempotency module). */
  'idempotency.purge': Record<string, never>;
  /** Hourly: outbound webhook events past their 30 days, once finished (webhooks-out module). */
  'webhooks.purge': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: JobName[] = [
  'message.send',
  'message.send-sweep',
  'media.fetch',
  'message.mark-read',
  'chat.profile',
  'media.sweep',
  'broadcast.start',
  'broadcast.send',
  'broadcast.sweep',
  'templates.sync',
  'invoice.issue',
  'payments.settle',
  'payments.reconcile',
  'usage.sweep',
  'invoice.sweep',
  'channels.token-check',
  'reports.sweep',
  'reports.reconcile',
  'csat.sweep',
  'idempotency.purge',
  'webhooks.purge',
];

/** Exponential backoff with full jitter, capped: 1 s, 2 s, 4 s … up to 5 min. */
export function backoffSeconds(attempt: number, random = Math.random): number {
  const ceiling = Math.min(300, 2 ** attempt);
  return Math.max(1, Math.round(ceiling / 2 + random() * (ceiling / 2)));
}
