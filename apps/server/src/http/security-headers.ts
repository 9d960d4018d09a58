import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { Config } from '../config.js';
import type { App } from './types.js';

/** mixpanel-browser's default API host: the web app sends its events there (with a token). */
export const MIXPANEL_API = 'https://api-js.mixpanel.com';

/** helmet's own default value, sent only where it means something (see below). */
export const HSTS = 'max-age=31536000; includeSubDomains';

// A Host header is client input: only a plain host[:port] may go into the policy.
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The socket's own origin as ws: and wss: (the page's scheme picks which one is used). CSP
 * Level 3 lets 'self' cover it, but older Safari does not, and a blocked socket would leave the
 * inbox without live updates.
 */
function socketOrigins(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

type PaymentsCsp = { payments: { midtrans: { snapUrl: string } } };

/**
 * The payment gateway's origin (Midtrans Snap: the local sandbox, https://app.sandbox.midtrans.com
 * or https://app.midtrans.com). The top-up and plan pages load its snap.js, which opens the
 * payment page in a frame from the same origin.
 */
export function paymentOrigin(config: PaymentsCsp): string {
  return new URL(config.payments.midtrans.snapUrl).origin;
}

/**
 * Security headers for everything the server answers, through @fastify/helmet:
 * - a strict Content-Security-Policy: scripts only from this origin (the Vite build has no
 *   inline script), no plugins, no framing (`frame-ancestors 'none'`, and X-Frame-Options DENY
 *   for older browsers), forms and <base> only to this origin;
 * - `style-src 'unsafe-inline'`: Mantine writes its theme variables in a runtime <style> tag
 *   and style props as style attributes; a nonce cannot cover attributes and the SPA's
 *   index.html is a static file. Scripts stay strict, which is what stops injected code;
 * - images also from https: (template and broadcast previews show the https example link the
 *   user typed; Meta requires such links to be public) and data:/blob: (uploads previewed
 *   before sending, attachments fetched with the bearer token); audio and video from blob:;
 * - the payment gateway's origin (MIDTRANS_SNAP_URL) in script-src, frame-src and connect-src:
 *   snap.js comes from there and opens the payment page in a frame from there; every other frame
 *   is this origin's own;
 * - connect-src: this origin, its socket, and Mixpanel's API when MIXPANEL_TOKEN is set;
 * - Referrer-Policy no-referrer (reset and invitation links carry tokens in the URL),
 *   X-Content-Type-Options nosniff, and HSTS only when the app is served over https: helmet
 *   would send it on every answer, and the server itself speaks plain http (TLS, if any, ends at
 *   a proxy, which Fastify sees through `request.protocol` when TRUST_PROXY is on).
 * - no upgrade-insecure-requests: on a plain-http LAN address it would break every request.
 * Swagger UI at /api/docs and the dev mailbox work under the same policy.
 */
export async function registerSecurityHeaders(
  app: App,
  config: Pick<Config, 'appUrl' | 'mixpanelToken'> & PaymentsCsp,
): Promise<void> {
  const gateway = paymentOrigin(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'", gateway],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': [
          "'self'",
          (request) => socketOrigins(request),
          gateway,
          ...(config.mixpanelToken ? [MIXPANEL_API] : []),
        ],
        'frame-src': ["'self'", gateway],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  const httpsApp = config.appUrl.startsWith('https://');
  app.addHook('onRequest', async (request, reply) => {
    if (httpsApp || request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS);
    }
  });
}
