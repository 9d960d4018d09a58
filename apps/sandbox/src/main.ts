import pino from 'pino';
import { buildSandbox } from './app.js';
import { ConfigError, loadConfig, type SandboxConfig } from './config.js';
import { DEMO_INSTAGRAM_ACCOUNT, DEMO_MESSENGER_PAGE, DEMO_WA_PHONE } from './demo.js';

let config: SandboxConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const log = pino({ level: config.logLevel });
const app = await buildSandbox(config, { log });
await app.listen({ port: config.port, host: config.host });

const phone = `${config.publicUrl}/phone`;
console.log(
  [
    '',
    `  Meta sandbox: ${config.publicUrl}  customer phone: ${phone}`,
    ...(config.seed
      ? [
          `    Messenger: ${phone}?app=messenger&account=${DEMO_MESSENGER_PAGE.pageId}  (Page ${DEMO_MESSENGER_PAGE.pageId})`,
          `    Instagram: ${phone}?app=instagram&account=${DEMO_INSTAGRAM_ACCOUNT.instagramAccountId}  (@${DEMO_INSTAGRAM_ACCOUNT.username})`,
        ]
      : []),
    `  WhatsApp basic (linked by QR): business phone with "Linked devices" at ${config.publicUrl}/wa-phone${config.seed ? `?phone=${DEMO_WA_PHONE.phone}` : ''}`,
    `  Webhooks go to ${config.webhookUrl} (signed with META_APP_SECRET)`,
    `  Midtrans Snap sandbox: ${config.publicUrl}/snap (pay on its page; notifications go to ${config.payments.notificationUrl})`,
    '',
  ].join('\n'),
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.debug({ signal }, 'sandbox shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
