import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The one place that reads process.env. Invalid config stops the process with a clear list. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  SANDBOX_ALLOW_PRODUCTION: bool.default(false),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SAPA_WEBHOOK_URL: z
    .url({
      error: 'SAPA_WEBHOOK_URL must be a full URL such as http://127.0.0.1:3000/webhooks/meta',
    })
    .default('http://127.0.0.1:3000/webhooks/meta'),
  META_APP_SECRET: z
    .string()
    .min(1, 'META_APP_SECRET must not be empty')
    .default('sandbox-app-secret'),
  SANDBOX_PUBLIC_URL: z
    .url({ error: 'SANDBOX_PUBLIC_URL must be a full URL such as http://127.0.0.1:4010' })
    .optional(),
  SANDBOX_SEED: bool.default(true),
  STATUS_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(300),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  // Statuses of one number gathered this long into one webhook post (0: one post per status).
  STATUS_BATCH_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  TEMPLATE_REVIEW_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  // Comma-separated words that make the fake review reject a template (ABUSIVE_CONTENT).
  TEMPLATE_BANNED_WORDS: z.string().default('forbidden'),
  // How long a Messenger / Instagram attachment URL (the lookaside CDN) can be fetched.
  LOOKASIDE_URL_TTL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(30 * 86_400_000)
    .default(3_600_000),
  // The WhatsApp-Web stand-in (src/wa-web): how long each QR lasts and how many are shown
  // before an unscanned connection is closed (qr_expired).
  WA_QR_TTL_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  WA_QR_MAX: z.coerce.number().int().min(1).max(100).default(6),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The Midtrans Snap stand-in (src/payments): the keys Sapa authenticates with, where signed
  // payment notifications go, and how the sandbox retries them.
  MIDTRANS_SERVER_KEY: z
    .string()
    .min(1, 'MIDTRANS_SERVER_KEY must not be empty')
    .default('SB-Mid-server-sandbox'),
  MIDTRANS_CLIENT_KEY: z
    .string()
    .min(1, 'MIDTRANS_CLIENT_KEY must not be empty')
    .default('SB-Mid-client-sandbox'),
  MIDTRANS_MERCHANT_ID: z.string().min(1).default('G000000001'),
  SNAP_MERCHANT_NAME: z.string().min(1).max(60).default('Sapa'),
  SAPA_PAYMENT_NOTIFICATION_URL: z
    .url({
      error:
        'SAPA_PAYMENT_NOTIFICATION_URL must be a full URL such as http://127.0.0.1:3000/webhooks/payments/midtrans',
    })
    .default('http://127.0.0.1:3000/webhooks/payments/midtrans'),
  // Midtrans keeps a Snap page (and the payment it starts) open for 24 hours unless told otherwise.
  SNAP_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(525_600).default(1440),
  // Waits before each redelivery of an unanswered notification: Midtrans-like 2, 10, 30, 60 and
  // 300 minutes; tests and e2e shorten it.
  PAYMENT_NOTIFICATION_RETRY_MS: z
    .string()
    .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be comma-separated milliseconds, such as 1000,5000')
    .default('120000,600000,1800000,3600000,18000000'),
  // Midtrans gives up on an attempt after 15 seconds.
  PAYMENT_NOTIFICATION_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(15_000),
});

export interface SandboxConfig {
  port: number;
  host: string;
  webhookUrl: string;
  appSecret: string;
  publicUrl: string;
  seed: boolean;
  statusDelayMs: number;
  /** First retry waits this long, doubling up to retryCapMs (Meta-like redelivery, but faster). */
  retryBaseMs: number;
  retryCapMs: number;
  maxAttempts: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Statuses gathered this long into one webhook post, as Meta does under load (0: off). */
  statusBatchMs?: number;
  /** How long the fake template review takes (default 1.5 s). */
  templateReviewMs?: number;
  /** Words that get a template rejected (default: "forbidden"). */
  templateBannedWords?: string[];
  /** Lifetime of Messenger / Instagram attachment URLs (default 1 hour), as Meta's CDN expires them. */
  lookasideTtlMs?: number;
  /** The Midtrans Snap stand-in: keys, merchant, notification URL and retry schedule. */
  payments: PaymentsConfig;
  /** The WhatsApp-Web stand-in: QR lifetime and how many QRs before `qr_expired`. */
  waQrTtlMs?: number;
  waQrMax?: number;
}

export interface PaymentsConfig {
  serverKey: string;
  clientKey: string;
  merchantId: string;
  merchantName: string;
  notificationUrl: string;
  /** How long a Snap page and the payment it starts stay open when the request names no expiry. */
  defaultExpiryMinutes: number;
  /** Wait before each redelivery; its length is the number of retries after the first attempt. */
  notificationRetryMs: number[];
  notificationTimeoutMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid sandbox configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  // A fake Meta that accepts any token must never be reachable as a production service.
  if (env.NODE_ENV === 'production' && !env.SANDBOX_ALLOW_PRODUCTION) {
    throw new ConfigError(
      'The Meta sandbox refuses to run with NODE_ENV=production: it is a test double that accepts ' +
        'fake tokens and fakes customers. Set SANDBOX_ALLOW_PRODUCTION=true if you really mean it.',
    );
  }
  return {
    port: env.SANDBOX_PORT,
    host: env.SANDBOX_HOST,
    webhookUrl: env.SAPA_WEBHOOK_URL,
    appSecret: env.META_APP_SECRET,
    publicUrl: (env.SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${env.SANDBOX_PORT}`).replace(
      /\/$/,
      '',
    ),
    seed: env.SANDBOX_SEED,
    statusDelayMs: env.STATUS_DELAY_MS,
    retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
    retryCapMs: Math.max(env.WEBHOOK_RETRY_BASE_MS, 60_000),
    maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
    logLevel: env.LOG_LEVEL,
    statusBatchMs: env.STATUS_BATCH_MS,
    templateReviewMs: env.TEMPLATE_REVIEW_MS,
    templateBannedWords: env.TEMPLATE_BANNED_WORDS.split(',')
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean),
    lookasideTtlMs: env.LOOKASIDE_URL_TTL_MS,
    waQrTtlMs: env.WA_QR_TTL_MS,
    waQrMax: env.WA_QR_MAX,
    payments: {
      serverKey: env.MIDTRANS_SERVER_KEY,
      clientKey: env.MIDTRANS_CLIENT_KEY,
      merchantId: env.MIDTRANS_MERCHANT_ID,
      merchantName: env.SNAP_MERCHANT_NAME,
      notificationUrl: env.SAPA_PAYMENT_NOTIFICATION_URL,
      defaultExpiryMinutes: env.SNAP_EXPIRY_MINUTES,
      notificationRetryMs: env.PAYMENT_NOTIFICATION_RETRY_MS.split(',').map((v) =>
        Number(v.trim()),
      ),
      notificationTimeoutMs: env.PAYMENT_NOTIFICATION_TIMEOUT_MS,
    },
  };
}

export { DEMO_NUMBER } from './demo.js';
