import type { PageState } from './page-state.js';

export interface PageBoot {
  state: PageState | null;
  /** Why there is no state to show. */
  error: 'not_found' | 'client_key' | null;
  /** Opened by snap.js in an iframe: results go to the opener by postMessage. */
  embedded: boolean;
  /** The merchant page's origin (snap.js passes it); postMessage targets only this origin. */
  parentOrigin: string | null;
}

// '<' is escaped so a value can never close the script element it is embedded in.
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The shell of the hosted payment page; the client script renders everything inside #app. */
export function paymentPage(boot: PageBoot): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0e2a47">
<meta name="robots" content="noindex">
<title>Payment · ${boot.state ? escapeHtml(boot.state.merchantName) : 'Snap'}</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%230e2a47'/%3E%3Cpath d='M9 17l5 5 9-11' stroke='%23fff' stroke-width='3' fill='none'/%3E%3C/svg%3E">
<link rel="stylesheet" href="/snap/assets/page.css">
</head>
<body${boot.embedded ? ' class="embedded"' : ''}>
<main id="app" aria-live="polite"></main>
<script id="snap-boot" type="application/json">${safeJson(boot)}</script>
<script src="/snap/assets/page.js" defer></script>
</body>
</html>`;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

export interface IndexRow {
  orderId: string;
  grossAmount: number;
  status: string;
  method: string | null;
  createdAt: number;
  url: string;
}

const rupiah = (n: number) => `Rp ${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

/**
 * `/snap`: the sandbox's recent Snap transactions, each linking to its payment page, for a tester
 * who closed the tab. A developer tool, in English like the customer phone.
 */
export function snapIndexPage(rows: IndexRow[], notificationUrl: string): string {
  const items = rows
    .map(
      (r) => `<li><a class="method" href="${escapeHtml(r.url)}">
<span class="method-text"><span class="method-name">${escapeHtml(r.orderId)}</span>
<span class="method-hint">${rupiah(r.grossAmount)} · ${escapeHtml(r.method ?? 'no method yet')} · ${escapeHtml(new Date(r.createdAt).toISOString().slice(0, 16).replace('T', ' '))} UTC</span></span>
<span class="status-chip status-${escapeHtml(r.status)}">${escapeHtml(r.status)}</span></a></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Snap sandbox · transactions</title>
<link rel="stylesheet" href="/snap/assets/page.css">
</head>
<body>
<div class="ribbon">Sandbox · no real money moves</div>
<div class="sheet">
<header class="merchant"><span class="merchant-logo" aria-hidden="true">S</span><span class="merchant-name">Midtrans Snap sandbox</span></header>
<section class="methods">
<h1 class="section-title">Recent transactions</h1>
<p class="muted small">Start a top-up or a plan in Sapa to create one. Notifications go to ${escapeHtml(notificationUrl)}.</p>
${rows.length ? `<ul class="method-list" data-testid="snap-index">${items}</ul>` : '<p class="muted" data-testid="snap-index-empty">No transactions yet.</p>'}
</section>
</div>
</body>
</html>`;
}
