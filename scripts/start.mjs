// `npm start`: runs the built server and, outside production, the local sandbox beside it (a
// stand-in for Meta's Graph API with a customer-phone page, and for Midtrans Snap with a payment
// page, so top-ups work offline). Forwards Ctrl-C / SIGTERM and stops everything when any child
// exits.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { midtransServerEnv, SANDBOX_MIDTRANS_KEYS } from './lib/processes.mjs';

const root = new URL('..', import.meta.url).pathname;
const env = process.env;
const port = env.PORT ?? '3000';
const sandboxPort = env.SANDBOX_PORT ?? '4010';
const sandboxUrl = env.SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${sandboxPort}`;
// The sandbox runs unless turned off, and never in production unless asked for.
const runSandbox =
  env.SANDBOX === 'true' || (env.SANDBOX !== 'false' && env.NODE_ENV !== 'production');
const appSecret = env.META_APP_SECRET ?? 'sandbox-app-secret';
const midtransKeys = {
  serverKey: env.MIDTRANS_SERVER_KEY ?? SANDBOX_MIDTRANS_KEYS.serverKey,
  clientKey: env.MIDTRANS_CLIENT_KEY ?? SANDBOX_MIDTRANS_KEYS.clientKey,
};
// Explicit Midtrans URLs (say, Midtrans' own sandbox) win over the local stand-in.
const midtrans = {
  ...midtransServerEnv(sandboxUrl, midtransKeys),
  ...(env.PAYMENT_GATEWAY ? { PAYMENT_GATEWAY: env.PAYMENT_GATEWAY } : {}),
  ...(env.MIDTRANS_SNAP_URL ? { MIDTRANS_SNAP_URL: env.MIDTRANS_SNAP_URL } : {}),
  ...(env.MIDTRANS_API_URL ? { MIDTRANS_API_URL: env.MIDTRANS_API_URL } : {}),
};

const processes = [
  {
    name: 'server',
    entry: 'apps/server/dist/main.js',
    env: runSandbox
      ? {
          GRAPH_API_URL: env.GRAPH_API_URL ?? sandboxUrl,
          SANDBOX_URL: sandboxUrl,
          META_APP_SECRET: appSecret,
          ...midtrans,
        }
      : {},
  },
  ...(runSandbox
    ? [
        {
          name: 'sandbox',
          entry: 'apps/sandbox/dist/main.js',
          env: {
            SANDBOX_PORT: sandboxPort,
            SANDBOX_PUBLIC_URL: sandboxUrl,
            SAPA_WEBHOOK_URL: env.SAPA_WEBHOOK_URL ?? `http://127.0.0.1:${port}/webhooks/meta`,
            META_APP_SECRET: appSecret,
            MIDTRANS_SERVER_KEY: midtransKeys.serverKey,
            MIDTRANS_CLIENT_KEY: midtransKeys.clientKey,
            SAPA_PAYMENT_NOTIFICATION_URL:
              env.SAPA_PAYMENT_NOTIFICATION_URL ??
              `http://127.0.0.1:${port}/webhooks/payments/midtrans`,
          },
        },
      ]
    : []),
];

const missing = processes.filter((p) => !existsSync(root + p.entry));
if (missing.length) {
  console.error(
    `Not built: ${missing.map((p) => p.entry).join(', ')}. Run \`npm run build\` first.`,
  );
  process.exit(1);
}

let stopping = false;
const children = processes.map((p) => {
  const child = spawn(process.execPath, ['--enable-source-maps', p.entry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ...p.env },
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${p.name} exited (${signal ?? code}); stopping.`);
      stop(code ?? 1);
    }
  });
  return child;
});

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 25_000);
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)),
  ).then(() => {
    clearTimeout(timer);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
