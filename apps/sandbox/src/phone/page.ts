export interface PageDefaults {
  /** whatsapp, messenger or instagram. */
  app?: string;
  number?: string;
  /** Messenger: a Page id; Instagram: an Instagram account id. */
  account?: string;
  customer?: string;
  name?: string;
}

// '<' is escaped so a value can never close the script element it is embedded in.
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The shell of the customer phone; the client script renders everything inside #app. */
export function phonePage(defaults: PageDefaults): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b6b5d">
<title>Customer phone · Sapa Meta sandbox</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='15' fill='%2325d366'/%3E%3C/svg%3E">
<link rel="stylesheet" href="/phone/app.css">
</head>
<body>
<div class="stage">
  <aside class="about">
    <h1>Customer phone</h1>
    <p id="about-text"></p>
    <p class="muted">Sandbox only: nothing leaves this machine.</p>
    <div id="tools"></div>
  </aside>
  <main id="app" class="phone" aria-label="Customer phone"></main>
</div>
<script id="phone-config" type="application/json">${safeJson(defaults)}</script>
<script src="/phone/app.js" defer></script>
</body>
</html>`;
}
