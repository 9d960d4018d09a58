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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  };
}

export { DEMO_NUMBER } from './demo.js';
