// Click a chat in the list → its newest message painted, measured inside Chromium.
//
// Method: the page is signed in with the API token (localStorage, as the app keeps it) and
// opened at /chat. For each visible chat row, a script in the page notes performance.now(),
// clicks the row, and watches the DOM (MutationObserver) for a `message-bubble` that was not on
// screen before and holds that chat's newest message text (the list's lastMessage, read from
// the API in the same order). When it appears, the time is taken after the next animation frame
// and a macrotask — the frame that paints it has been produced. Only `chat-row` and
// `message-bubble` test ids are relied on.
import { chromium } from 'playwright-core';
import { percentile } from './stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SAMPLES = Number(process.env.BENCH_CLICK_SAMPLES ?? 25);
const WARMUP_CLICKS = 2;
const SCREENSHOT = '/tmp/sapa-bench-inbox-chat.png';

// Plain JavaScript run in the page (a TypeScript function would carry tsx's `__name` helper,
// which the page does not have): click row `index`, resolve with the milliseconds until a new
// message bubble holding `newest` is on screen and a frame has been produced after it.
const CLICK_AND_WAIT = `({ index, newest }) => new Promise((resolve) => {
  const bubbles = () => Array.from(document.querySelectorAll('[data-testid="message-bubble"]'));
  const before = new Set(bubbles());
  const row = document.querySelectorAll('[data-testid="chat-row"]')[index];
  let done = false;
  const finish = (value) => {
    if (done) return;
    done = true;
    observer.disconnect();
    resolve(value);
  };
  const check = () => {
    for (const b of bubbles()) {
      if (!before.has(b) && (b.textContent || '').includes(newest)) {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => finish(performance.now() - started), 0));
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  setTimeout(() => finish(-1), 10000);
  const started = performance.now();
  row.click();
  check();
})`;

interface ListedChat {
  name: string;
  identifier: string;
  lastMessage: string;
}

export interface ClickFigures {
  p50: number;
  p95: number;
  samples: number;
  /** Chats the samples went round (with `cycle`, the same chats are clicked again in turn). */
  chats: number;
  /** The warm-up clicks (first use of the conversation pane), not in p50/p95. */
  firstClicks: number[];
  method: string;
}

export interface ClickOptions {
  /**
   * Go round the listed chats again until there are enough samples (a small account such as the
   * demo has a handful): each click opens a different chat than the one on screen, and a chat
   * seen before paints from the client's cache while it refetches.
   */
  cycle?: boolean;
  /** Chromium flags (the e2e ones, for instance); `--no-sandbox` alone by default. */
  args?: string[];
}

export async function measureClickToPaint(
  base: string,
  token: string,
  options: ClickOptions = {},
): Promise<ClickFigures> {
  const res = await fetch(`${base}/api/chats/paginate?perpage=50`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const listed = ((await res.json()) as { data: ListedChat[] }).data;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: options.args ?? ['--no-sandbox'],
  });
  try {
    // Tall enough that the (virtualized) list renders every sampled row without scrolling.
    const page = await browser.newPage({ viewport: { width: 1440, height: 2400 } });
    await page.addInitScript(`localStorage.setItem('sapa.token', ${JSON.stringify(token)})`);
    await page.goto(`${base}/chat`);
    try {
      await page.locator('[data-testid="chat-row"]').first().waitFor({ timeout: 60_000 });
    } catch (error) {
      await page.screenshot({ path: SCREENSHOT });
      throw new Error(`no chat row on ${page.url()} (screenshot ${SCREENSHOT}): ${error}`);
    }
    const rowCount = await page.locator('[data-testid="chat-row"]').count();
    const rounds = options.cycle && rowCount > 1 ? SAMPLES + WARMUP_CLICKS : 1;
    const samples: number[] = [];
    const warmups: number[] = [];
    const clicked = new Set<string>();
    let open: string | null = null;
    for (let k = 0; k < rowCount * rounds && samples.length < SAMPLES; k++) {
      const i = k % rowCount;
      // Read now: a click may reorder the list (unread counts, newest first).
      const text = (await page.locator('[data-testid="chat-row"]').nth(i).textContent()) ?? '';
      // The API chat shown in this row: its name and the start of its preview are in it.
      const chat = listed.find(
        (c) => text.includes(c.name || c.identifier) && text.includes(c.lastMessage.slice(0, 12)),
      );
      // Clicking the chat already open paints nothing new.
      if (!chat?.lastMessage || (chat.name || chat.identifier) === open) continue;
      open = chat.name || chat.identifier;
      clicked.add(open);
      const args = JSON.stringify({ index: i, newest: chat.lastMessage });
      const ms = Number(await page.evaluate(`(${CLICK_AND_WAIT})(${args})`));
      if (ms < 0) throw new Error(`chat row ${i}: its newest message never appeared`);
      // The first clicks also compile and mount the conversation pane: reported, not sampled.
      if (warmups.length < WARMUP_CLICKS) warmups.push(Math.round(ms * 10) / 10);
      else samples.push(ms);
    }
    if (samples.length === 0) throw new Error('no chat row matched the API’s first page');
    return {
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      samples: samples.length,
      chats: clicked.size,
      firstClicks: warmups,
      method:
        'in-page performance.now() from row.click() to the frame after a new message-bubble holding the newest text appears (MutationObserver + rAF + macrotask)',
    };
  } finally {
    await browser.close();
  }
}
