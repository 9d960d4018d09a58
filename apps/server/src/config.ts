import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { WEBHOOK_DEFAULT_RETRY_SCHEDULE } from '@sapa/contracts';

/** Payment gateways a driver exists for (modules/billing/payments/gateways). */
export const PAYMENT_GATEWAYS = ['midtrans'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** The local sandbox's Snap keys (apps/sandbox), the default outside production. */
export const MIDTRANS_SANDBOX_KEYS = {
  serverKey: 'SB-Mid-server-sandbox',
  clientKey: 'SB-Mid-client-sandbox',
} as const;

/** The one place that reads process.env. Invalid config stops the process with a clear list. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z
    .url({ error: 'APP_URL must be a full URL such as https://sapa.example.com' })
    .optional(),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Sapa <no-reply@sapa.local>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z
    .enum(['true', 'false'], { error: 'LOG_REQUESTS must be true or false' })
    .optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  DEMO_PASSWORD: z.string().min(8).default('Sapa12345'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  API_KEY_RATE_LIMIT: z.coerce
    .number({ error: 'API_KEY_RATE_LIMIT must be a whole number of requests per minute' })
    .int('API_KEY_RATE_LIMIT must be a whole number of requests per minute')
    .min(1, 'API_KEY_RATE_LIMIT must be at least 1')
    .default(120_000),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  MIXPANEL_TOKEN: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  META_APP_SECRET: z.string().min(8, 'META_APP_SECRET must be at least 8 characters').optional(),
  META_APP_ID: z
    .string()
    .regex(/^[\w-]+$/, 'META_APP_ID must be the app id digits')
    .optional(),
  META_VERIFY_TOKEN: z
    .string()
    .min(8, 'META_VERIFY_TOKEN must be at least 8 characters')
    .optional(),
  GRAPH_API_URL: z
    .url({ error: 'GRAPH_API_URL must be a full URL' })
    .default('https://graph.facebook.com'),
  CHANNEL_TOKEN_CHECK_MINUTES: z.coerce
    .number({ error: 'CHANNEL_TOKEN_CHECK_MINUTES must be a whole number of minutes' })
    .int('CHANNEL_TOKEN_CHECK_MINUTES must be a whole number of minutes')
    .min(1, 'CHANNEL_TOKEN_CHECK_MINUTES must be at least 1')
    .max(1440, 'CHANNEL_TOKEN_CHECK_MINUTES may be at most 1440 (a day)')
    .default(1),
  GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'GRAPH_API_VERSION looks like v21.0')
    .default('v21.0'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  SAPA_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  REPORTS_LISTENERS: z
    .enum(['on', 'off'], { error: 'REPORTS_LISTENERS must be on or off' })
    .default('on'),
  SANDBOX_URL: z.url({ error: 'SANDBOX_URL must be a full URL' }).optional(),
  WABASIC_DRIVER: z
    .enum(['sandbox', 'baileys'], { error: 'WABASIC_DRIVER must be sandbox or baileys' })
    .optional(),
  PAYMENT_GATEWAY: z
    .enum(PAYMENT_GATEWAYS, {
      error: `PAYMENT_GATEWAY must be one of: ${PAYMENT_GATEWAYS.join(', ')}`,
    })
    .default('midtrans'),
  MIDTRANS_SERVER_KEY: z.string().trim().min(1, 'MIDTRANS_SERVER_KEY may not be empty').optional(),
  MIDTRANS_CLIENT_KEY: z.string().trim().min(1, 'MIDTRANS_CLIENT_KEY may not be empty').optional(),
  MIDTRANS_SNAP_URL: z
    .url({ error: 'MIDTRANS_SNAP_URL must be a full URL such as https://app.midtrans.com' })
    .default('https://app.sandbox.midtrans.com'),
  MIDTRANS_API_URL: z
    .url({ error: 'MIDTRANS_API_URL must be a full URL such as https://api.midtrans.com' })
    .default('https://api.sandbox.midtrans.com'),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(
      /^\s*\d+(\s*,\s*\d+)*\s*$/,
      'WEBHOOK_RETRY_SCHEDULE is a comma-separated list of seconds, such as 0,5,300',
    )
    .optional(),
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z.string().default(''),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPgPort: number;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  logLevel: Env['LOG_LEVEL'];
  /** One log line per answered request (on by default in production only). */
  logRequests: boolean;
  seedDemo: boolean;
  demoPassword: string;
  accessTokenTtlSeconds: number;
  /** Requests per minute one API key may make, per server process. */
  apiKeyRateLimit: number;
  refreshTokenTtlDays: number;
  mixpanelToken: string | undefined;
  trustProxy: boolean;
  metaAppSecret: string;
  /** Meta app id, for the Resumable Upload API (media header examples); unset: none there. */
  metaAppId: string | undefined;
  metaVerifyToken: string;
  graphApiUrl: string;
  graphApiVersion: string;
  /** How often each connected channel's token is checked with Meta (issue 17 §3). */
  channelTokenCheckMinutes: number;
  redisUrl: string | undefined;
  role: 'all' | 'web' | 'worker';
  /**
   * Reports' facts kept live by listeners (on by default). Off only to measure what they cost
   * (`npm run bench -- reports`); the nightly reconcile still writes what they would have.
   */
  reportsListeners: boolean;
  mediaDir: string;
  /** The local Meta sandbox, when `npm start` runs one (printed in the start banner). */
  sandboxUrl: string | undefined;
  /**
   * What WhatsApp basic numbers (issue 20) connect through: `sandbox` (apps/sandbox's fake phone
   * at SANDBOX_URL; the default outside production) or `baileys` (real numbers; the default in
   * production; loaded only then).
   */
  wabasicDriver: 'sandbox' | 'baileys';
  payments: PaymentsConfig;
  webhooks: WebhooksConfig;
}

/** Outbound webhooks (issue 19 §5). */
export interface WebhooksConfig {
  /** Seconds to wait before each attempt: the first is the first delivery, the rest retries. */
  retrySchedule: number[];
  /**
   * Hosts (lower case) an endpoint may name although they resolve to a private or loopback
   * address, http allowed: for local testing only. Every other private address stays refused.
   */
  allowedPrivateHosts: ReadonlySet<string>;
}

export interface PaymentsConfig {
  /** The gateway new orders are paid through. */
  gateway: PaymentGatewayName;
  midtrans: {
    serverKey: string;
    clientKey: string;
    /** Snap's base: transactions API and snap.js (whose origin the page's CSP must allow). */
    snapUrl: string;
    /** The Core API base: transaction status. */
    apiUrl: string;
  };
  /** How long one call to the gateway may take before it counts as down. */
  timeoutMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const missing = env.NODE_ENV === 'production' ? productionGaps(env) : [];
  if (missing.length) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  }
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET ?? persistedSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    // In development the terminal is for the start banner and errors; a production log collector
    // wants every request.
    logRequests: env.LOG_REQUESTS ? env.LOG_REQUESTS === 'true' : env.NODE_ENV === 'production',
    seedDemo: env.SEED_DEMO === 'true',
    demoPassword: env.DEMO_PASSWORD,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    apiKeyRateLimit: env.API_KEY_RATE_LIMIT,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    mixpanelToken: env.MIXPANEL_TOKEN,
    trustProxy: env.TRUST_PROXY === 'true',
    // Development defaults match the local Meta sandbox (apps/sandbox).
    metaAppSecret: env.META_APP_SECRET ?? 'sandbox-app-secret',
    metaAppId: env.META_APP_ID ?? (env.NODE_ENV === 'production' ? undefined : 'sandbox-app'),
    metaVerifyToken: env.META_VERIFY_TOKEN ?? 'sapa-dev-verify-token',
    graphApiUrl: env.GRAPH_API_URL.replace(/\/$/, ''),
    graphApiVersion: env.GRAPH_API_VERSION,
    channelTokenCheckMinutes: env.CHANNEL_TOKEN_CHECK_MINUTES,
    redisUrl: env.REDIS_URL,
    role: env.SAPA_ROLE,
    reportsListeners: env.REPORTS_LISTENERS === 'on',
    mediaDir: resolve(dataDir, 'media'),
    sandboxUrl: env.SANDBOX_URL?.replace(/\/$/, ''),
    wabasicDriver: env.WABASIC_DRIVER ?? (env.NODE_ENV === 'production' ? 'baileys' : 'sandbox'),
    payments: {
      gateway: env.PAYMENT_GATEWAY,
      midtrans: {
        serverKey: env.MIDTRANS_SERVER_KEY ?? MIDTRANS_SANDBOX_KEYS.serverKey,
        clientKey: env.MIDTRANS_CLIENT_KEY ?? MIDTRANS_SANDBOX_KEYS.clientKey,
        snapUrl: env.MIDTRANS_SNAP_URL.replace(/\/$/, ''),
        apiUrl: env.MIDTRANS_API_URL.replace(/\/$/, ''),
      },
      timeoutMs: 15_000,
    },
    webhooks: {
      retrySchedule: env.WEBHOOK_RETRY_SCHEDULE
        ? env.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => Number(s.trim()))
        : [...WEBHOOK_DEFAULT_RETRY_SCHEDULE],
      allowedPrivateHosts: new Set(
        env.WEBHOOK_ALLOWED_PRIVATE_HOSTS.split(',')
          .map((h) =>
            h
              .trim()
              .toLowerCase()
              .replace(/^\[|\]$/g, ''),
          )
          .filter(Boolean),
      ),
    },
  };
}

/** Settings whose development fallbacks must never serve real users. */
function productionGaps(env: Env): string[] {
  const gaps: string[] = [];
  if (!env.META_APP_SECRET || !env.META_VERIFY_TOKEN) {
    gaps.push('META_APP_SECRET and META_VERIFY_TOKEN are required in production');
  }
  // Without SMTP, mail would only reach the development mailbox, which must not exist in
  // production: it shows password-reset and invitation links to anyone.
  if (!env.SMTP_URL) {
    gaps.push(
      'SMTP_URL is required in production (smtp://user:pass@host:587): password resets and invitations must be delivered by email',
    );
  }
  // The sandbox's development keys would open no payment at Midtrans (or, worse, someone else's).
  if (!env.MIDTRANS_SERVER_KEY || !env.MIDTRANS_CLIENT_KEY) {
    gaps.push(
      'MIDTRANS_SERVER_KEY and MIDTRANS_CLIENT_KEY are required in production (Midtrans dashboard: Settings → Access Keys)',
    );
  }
  return gaps;
}

/** JWT_SECRET unset: generate one on first start and keep it so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
