// What one cold page load costs the browser: JavaScript and CSS bytes as they crossed the wire
// (compressed bodies, Playwright's `request.sizes().responseBodySize`) and as decoded, per file,
// plus how long until an element the page is for was painted.
import type { BrowserContext, Page, Request } from 'playwright-core';

export interface AssetFigures {
  /** Response bodies as transferred (after Content-Encoding), summed. */
  transferredBytes: number;
  /** The same bodies decoded (what the browser parses). */
  decodedBytes: number;
  files: number;
}

export interface PageWeight {
  js: AssetFigures;
  css: AssetFigures;
  /** Content-Encoding of each JS/CSS response, counted ("identity" when none). */
  encodings: Record<string, number>;
  /** Cache-Control of each JS/CSS response, counted. */
  cacheControl: Record<string, number>;
  /** Milliseconds from navigation start until the awaited element's frame was produced. */
  visibleMs: number;
  firstContentfulPaintMs: number | null;
  largestFiles: { url: string; transferredBytes: number }[];
}

interface Seen {
  url: string;
  type: 'js' | 'css';
  transferred: number;
  decoded: number;
  encoding: string;
  cacheControl: string;
}

// Installed before any page script (plain JavaScript: a TypeScript function would carry tsx's
// `__name` helper, which the page lacks). Resolves with performance.now() (ms since navigation
// start) once an element matching the selector has a box, after the next animation frame and a
// macrotask: the frame that shows it has been produced.
const WATCH_VISIBLE = (selector: string) => `(() => {
  window.__sapaVisible = new Promise((resolve) => {
    const check = () => {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el || el.getBoundingClientRect().height === 0) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  });
})()`;

function kindOf(request: Request): 'js' | 'css' | null {
  const type = request.resourceType();
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  return null;
}

/**
 * Opens `url` in `context` (a fresh context: an empty HTTP cache), waits for `selector` to be
 * painted and for the network to go idle (lazy chunks the page pulls in after its first paint
 * count too), and adds up every JS and CSS response.
 */
export async function measurePageLoad(
  context: BrowserContext,
  url: string,
  selector: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<PageWeight> {
  const page = await context.newPage();
  try {
    await page.addInitScript(WATCH_VISIBLE(selector));
    if (prepare) await prepare(page);
    const pending: Promise<Seen | null>[] = [];
    page.on('requestfinished', (request) => {
      const type = kindOf(request);
      if (!type) return;
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return null;
          const sizes = await request.sizes();
          const body = await response.body();
          const headers = await response.allHeaders();
          return {
            url: new URL(request.url()).pathname,
            type,
            transferred: sizes.responseBodySize,
            decoded: body.length,
            encoding: headers['content-encoding'] ?? 'identity',
            cacheControl: headers['cache-control'] ?? '(none)',
          };
        })(),
      );
    });
    await page.goto(url);
    const visibleMs = Number(await page.evaluate('window.__sapaVisible'));
    await page.waitForLoadState('networkidle');
    const fcp = await page.evaluate(
      `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null`,
    );
    const seen = (await Promise.all(pending)).filter((s): s is Seen => s !== null);
    const sum = (type: 'js' | 'css'): AssetFigures => {
      const of = seen.filter((s) => s.type === type);
      return {
        transferredBytes: of.reduce((n, s) => n + s.transferred, 0),
        decodedBytes: of.reduce((n, s) => n + s.decoded, 0),
        files: of.length,
      };
    };
    const count = (key: 'encoding' | 'cacheControl') =>
      seen.reduce<Record<string, number>>((acc, s) => {
        acc[s[key]] = (acc[s[key]] ?? 0) + 1;
        return acc;
      }, {});
    return {
      js: sum('js'),
      css: sum('css'),
      encodings: count('encoding'),
      cacheControl: count('cacheControl'),
      visibleMs: Math.round(visibleMs * 10) / 10,
      firstContentfulPaintMs: typeof fcp === 'number' ? Math.round(fcp * 10) / 10 : null,
      largestFiles: [...seen]
        .sort((a, b) => b.transferred - a.transferred)
        .slice(0, 5)
        .map((s) => ({ url: s.url, transferredBytes: s.transferred })),
    };
  } finally {
    await page.close();
  }
}
