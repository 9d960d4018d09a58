import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PhoneAssets } from './assets.js';

/** What sets one sandbox phone page apart from another; the shell around it is the same. */
export interface PhoneShell {
  /** The tab's title. */
  title: string;
  /** The heading beside the phone, and the phone's accessible name. */
  name: string;
  /** Where the page's script and stylesheet are served (`/phone`, `/wa-phone`). */
  base: string;
  /** HTML under the heading: what this phone is for. */
  intro: string;
  /** HTML after the "sandbox only" line (the customer phone's tools). */
  tools?: string;
  /** The id of the JSON script element the client reads its settings from, and the settings. */
  configId: string;
  config: unknown;
}

// '<' is escaped so a value can never close the script element it is embedded in.
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The HTML shell of a sandbox phone; its client script renders everything inside #app. */
export function phoneShellPage(shell: PhoneShell): string {
  const tools = shell.tools === undefined ? '' : `\n    ${shell.tools}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b6b5d">
<title>${shell.title}</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='15' fill='%2325d366'/%3E%3C/svg%3E">
<link rel="stylesheet" href="${shell.base}/app.css">
</head>
<body>
<div class="stage">
  <aside class="about">
    <h1>${shell.name}</h1>
    ${shell.intro}
    <p class="muted">Sandbox only: nothing leaves this machine.</p>${tools}
  </aside>
  <main id="app" class="phone" aria-label="${shell.name}"></main>
</div>
<script id="${shell.configId}" type="application/json">${safeJson(shell.config)}</script>
<script src="${shell.base}/app.js" defer></script>
</body>
</html>`;
}

/** Answers with a page that is built per request (its settings come from the query). */
export function sendPage(reply: FastifyReply, html: string): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * `<base>/app.js` and `<base>/app.css`: the phone's client, bundled on first use; `no-cache` so a
 * rebuilt client reaches an open tab on its next load.
 */
export function registerPhoneAssets(
  app: FastifyInstance,
  base: string,
  assets: () => Promise<PhoneAssets>,
): void {
  app.get(`${base}/app.js`, async (_request, reply) => {
    const { js } = await assets();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(js);
  });
  app.get(`${base}/app.css`, async (_request, reply) => {
    const { css } = await assets();
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css);
  });
}
