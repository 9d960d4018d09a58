// `npm run bench -- web`: what the web app costs a browser, served as production serves it.
// Builds (unless BENCH_SKIP_BUILD=1), starts the built server with NODE_ENV=production on a
// fresh data folder with the demo account, then in Debian's Chromium (the e2e flags):
// - a cold /login: JS and CSS bytes transferred (compressed, as served) and decoded, time until
//   the sign-in form is painted, on loopback and on a throttled "slow 4G" link;
// - a cold /chat signed in as the demo agent: the same bytes, time until a chat row is painted;
// - click a chat → its newest message painted, p50/p95 over 25 clicks going round the demo
//   admin's five chats.
// Prints one JSON object.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import playwrightConfig from '../playwright.config.js';
import {
  ROOT,
  freePort,
  makeTempDir,
  removeDir,
  sapaServerService,
  startService,
  type ServiceHandle,
} from '../scripts/lib/processes.mjs';
import { measureClickToPaint } from './lib/click-to-paint.js';
import { measurePageLoad, type PageWeight } from './lib/page-weight.js';
import { login } from './lib/sapa.js';
import { percentile } from './lib/stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOADS = Number(process.env.BENCH_WEB_LOADS ?? 5);
const AGENT_EMAIL = 'agent@demo.sapa.id';
// The agent's inbox opens on their one assigned chat; the admin's shows all five to go round.
const ADMIN_EMAIL = 'admin@demo.sapa.id';
const LOGIN_FORM = '[data-testid="login-submit"]';
const CHAT_ROW = '[data-testid="chat-row"]';
/** Bytes are decimal kilobytes, as Vite prints them. */
const TARGETS = { loginJsBytes: 200_000, chatJsBytes: 450_000, clickToPaintP95Ms: 150 };
// Lighthouse's mobile throttling: where transferred bytes turn into seconds.
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 200_000,
  uploadThroughput: 84_000,
};

const LAUNCH_ARGS = playwrightConfig.use?.launchOptions?.args ?? ['--no-sandbox'];
const VIEWPORT = playwrightConfig.use?.viewport ?? { width: 1366, height: 768 };

/** Debian's Chromium, installed the way the e2e stage does when it is missing. */
function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/ensure-chromium.mjs')], {
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) throw new Error(`${CHROMIUM} is missing and could not be installed`);
}

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') {
    if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) {
      throw new Error('BENCH_SKIP_BUILD=1 but apps/server/dist/main.js is missing');
    }
    console.error('web: BENCH_SKIP_BUILD=1, using the existing build');
    return;
  }
  console.error('web: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** The built server as production runs it (dummy mail and Meta settings it insists on). */
async function startProduction(dataDir: string): Promise<{ url: string; handle: ServiceHandle }> {
  const service = sapaServerService({
    port: await freePort(),
    dataDir,
    pgPort: await freePort(),
    env: {
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      META_APP_SECRET: 'bench-app-secret',
      META_VERIFY_TOKEN: 'bench-verify-token',
    },
  });
  const handle = await startService(service, { readyTimeoutMs: 120_000 });
  return { url: service.url, handle };
}

interface LoadSeries {
  /** Bytes of the first cold load (the same files every time). */
  js: PageWeight['js'];
  css: PageWeight['css'];
  encodings: PageWeight['encodings'];
  cacheControl: PageWeight['cacheControl'];
  largestFiles: PageWeight['largestFiles'];
  visibleMs: { p50: number; p95: number; runs: number[] };
  firstContentfulPaintMs: { p50: number };
}

/** `LOADS` cold loads, each in a fresh browser context (an empty HTTP cache). */
async function coldLoads(
  browser: Browser,
  url: string,
  selector: string,
  options: { token?: string; throttle?: typeof SLOW_4G } = {},
): Promise<LoadSeries> {
  const weights: PageWeight[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const prepare = async (page: Page) => {
        if (options.token) {
          await page.addInitScript(
            `localStorage.setItem('sapa.token', ${JSON.stringify(options.token)})`,
          );
        }
        if (options.throttle) {
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', options.throttle);
        }
      };
      weights.push(await measurePageLoad(context, url, selector, prepare));
    } finally {
      await context.close();
    }
  }
  const first = weights[0];
  if (!first) throw new Error('no load measured');
  const visible = weights.map((w) => w.visibleMs);
  const fcp = weights.map((w) => w.firstContentfulPaintMs ?? Number.NaN);
  return {
    js: first.js,
    css: first.css,
    encodings: first.encodings,
    cacheControl: first.cacheControl,
    largestFiles: first.largestFiles,
    visibleMs: { p50: percentile(visible, 50), p95: percentile(visible, 95), runs: visible },
    firstContentfulPaintMs: { p50: percentile(fcp, 50) },
  };
}

export async function runWebBench(): Promise<object> {
  ensureChromium();
  build();
  const dataDir = makeTempDir('sapa-bench-web-');
  let handle: ServiceHandle | undefined;
  let browser: Browser | undefined;
  try {
    console.error('web: starting the built server (NODE_ENV=production)');
    const server = await startProduction(dataDir);
    handle = server.handle;
    const base = server.url;
    const password = process.env.DEMO_PASSWORD ?? 'Sapa12345';
    const token = await login(base, AGENT_EMAIL, password);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });

    console.error(`web: ${LOADS} cold loads of /login`);
    const loginPage = await coldLoads(browser, `${base}/login`, LOGIN_FORM);
    console.error(`web: ${LOADS} cold loads of /login on slow 4G`);
    const loginSlow4g = await coldLoads(browser, `${base}/login`, LOGIN_FORM, {
      throttle: SLOW_4G,
    });
    console.error(`web: ${LOADS} cold loads of /chat signed in`);
    const chatPage = await coldLoads(browser, `${base}/chat`, CHAT_ROW, { token });
    await browser.close();
    browser = undefined;

    console.error('web: click a chat → newest message painted');
    const adminToken = await login(base, ADMIN_EMAIL, password);
    const clickToPaint = {
      as: ADMIN_EMAIL,
      ...(await measureClickToPaint(base, adminToken, { cycle: true, args: LAUNCH_ARGS })),
    };

    const missed: string[] = [];
    if (loginPage.js.transferredBytes > TARGETS.loginJsBytes) {
      missed.push(`/login JS ${loginPage.js.transferredBytes} B > ${TARGETS.loginJsBytes} B`);
    }
    if (chatPage.js.transferredBytes > TARGETS.chatJsBytes) {
      missed.push(`/chat JS ${chatPage.js.transferredBytes} B > ${TARGETS.chatJsBytes} B`);
    }
    if (!(clickToPaint.p95 < TARGETS.clickToPaintP95Ms)) {
      missed.push(`clickToPaint p95 ${clickToPaint.p95} ms >= ${TARGETS.clickToPaintP95Ms} ms`);
    }
    return {
      name: 'web',
      units: 'bytes (response bodies as transferred / decoded), ms since navigation start',
      loads: LOADS,
      login: {
        js: loginPage.js,
        css: loginPage.css,
        encodings: loginPage.encodings,
        cacheControl: loginPage.cacheControl,
        largestFiles: loginPage.largestFiles,
        formVisibleMs: loginPage.visibleMs,
        firstContentfulPaintMs: loginPage.firstContentfulPaintMs,
        slow4g: {
          network: SLOW_4G,
          formVisibleMs: loginSlow4g.visibleMs,
          firstContentfulPaintMs: loginSlow4g.firstContentfulPaintMs,
        },
      },
      chat: {
        as: AGENT_EMAIL,
        js: chatPage.js,
        css: chatPage.css,
        encodings: chatPage.encodings,
        largestFiles: chatPage.largestFiles,
        chatRowVisibleMs: chatPage.visibleMs,
      },
      clickToPaint,
      targets: TARGETS,
      missed,
    };
  } finally {
    await browser?.close();
    await handle?.stop();
    removeDir(dataDir);
  }
}
