import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { waPhoneAssets } from './assets.js';

const pageQuery = z.object({
  phone: z
    .string()
    .regex(/^\d{5,20}$/)
    .optional()
    .catch(undefined),
});

/** The number's phone (issue 20): "Linked devices" and its chats with customers. */
export function registerWaPhoneRoutes(app: FastifyInstance): void {
  app.get('/wa-phone', (request, reply) => {
    const { phone } = pageQuery.parse(request.query);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(waPhonePage(phone ?? null));
  });
  app.get('/wa-phone/app.js', async (_request, reply) => {
    const { js } = await waPhoneAssets();
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(js);
  });
  app.get('/wa-phone/app.css', async (_request, reply) => {
    const { css } = await waPhoneAssets();
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(css);
  });
}

function waPhonePage(phone: string | null): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b6b5d">
<title>Business phone · Sapa WhatsApp sandbox</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='15' fill='%2325d366'/%3E%3C/svg%3E">
<link rel="stylesheet" href="/wa-phone/app.css">
</head>
<body>
<div class="stage">
  <aside class="about">
    <h1>Business phone</h1>
    <p>This is the phone of the WhatsApp number a business links to Sapa by QR code. Open <b>Linked devices</b>, tap <b>Link a device</b> and paste the code Sapa shows (or type the pairing code). Then write as the number's customers and watch Sapa's replies arrive with ticks.</p>
    <p class="muted">Sandbox only: nothing leaves this machine.</p>
  </aside>
  <main id="app" class="phone" aria-label="Business phone"></main>
</div>
<script id="wa-config" type="application/json">${JSON.stringify({ phone })}</script>
<script src="/wa-phone/app.js" defer></script>
</body>
</html>`;
}
