import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { phoneShellPage, registerPhoneAssets, sendPage } from '../phone/shell.js';
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
    return sendPage(reply, waPhonePage(phone ?? null));
  });
  registerPhoneAssets(app, '/wa-phone', waPhoneAssets);
}

function waPhonePage(phone: string | null): string {
  return phoneShellPage({
    title: 'Business phone · Sapa WhatsApp sandbox',
    name: 'Business phone',
    base: '/wa-phone',
    intro:
      "<p>This is the phone of the WhatsApp number a business links to Sapa by QR code. Open <b>Linked devices</b>, tap <b>Link a device</b> and paste the code Sapa shows (or type the pairing code). Then write as the number's customers and watch Sapa's replies arrive with ticks.</p>",
    configId: 'wa-config',
    config: { phone },
  });
}
