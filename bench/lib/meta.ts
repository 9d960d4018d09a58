import { createHmac } from 'node:crypto';

export const BENCH_APP_SECRET = 'bench-app-secret';
/** The demo account's WhatsApp number (seeded on first start). */
export const DEMO_PHONE_NUMBER_ID = '100000000000001';

export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

/** Serialises like Meta (non-ASCII escaped) and signs those exact bytes. */
export function signWebhook(payload: unknown, secret = BENCH_APP_SECRET): SignedWebhook {
  const body = JSON.stringify(payload).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
  };
}

function envelope(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '200000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '6281100000001',
                phone_number_id: DEMO_PHONE_NUMBER_ID,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

// A realistic mix: mostly text, then media, buttons, locations, contacts, reactions.
const MIX: { weight: number; make: (i: number) => Record<string, unknown> }[] = [
  {
    weight: 62,
    make: (i) => ({
      type: 'text',
      text: { body: `Halo kak, pesanan nomor ${i} sudah dikirim belum? 🙏` },
    }),
  },
  {
    weight: 10,
    make: (i) => ({
      type: 'image',
      image: {
        id: `bench-media-${i}`,
        mime_type: 'image/jpeg',
        sha256: 'x',
        caption: 'ini fotonya',
      },
    }),
  },
  {
    weight: 4,
    make: (i) => ({
      type: 'document',
      document: {
        id: `bench-doc-${i}`,
        mime_type: 'application/pdf',
        filename: `invoice-${i}.pdf`,
      },
    }),
  },
  {
    weight: 3,
    make: (i) => ({
      type: 'audio',
      audio: { id: `bench-audio-${i}`, mime_type: 'audio/ogg', voice: true },
    }),
  },
  {
    weight: 6,
    make: () => ({
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Ya' } },
    }),
  },
  {
    weight: 4,
    make: () => ({ type: 'button', button: { payload: 'PROMO', text: 'Lihat promo' } }),
  },
  {
    weight: 4,
    make: () => ({
      type: 'location',
      location: { latitude: -6.2, longitude: 106.8, name: 'Kantor' },
    }),
  },
  {
    weight: 3,
    make: () => ({
      type: 'contacts',
      contacts: [
        { name: { formatted_name: 'Budi' }, phones: [{ phone: '+62811', wa_id: '62811' }] },
      ],
    }),
  },
  {
    weight: 4,
    make: () => ({ type: 'reaction', reaction: { message_id: 'wamid.prev', emoji: '👍' } }),
  },
];
const TOTAL = MIX.reduce((s, m) => s + m.weight, 0);

export function inboundWebhook(
  i: number,
  customers: number,
): { wamid: string; signed: SignedWebhook } {
  const wamid = `wamid.BENCH.${i}.${Date.now().toString(36)}`;
  let pick = (i * 7919) % TOTAL;
  const kind = MIX.find((m) => (pick -= m.weight) < 0) ?? MIX[0]!;
  const from = `62813${String(i % customers).padStart(7, '0')}`;
  const payload = envelope({
    contacts: [{ profile: { name: `Pelanggan ${i % customers}` }, wa_id: from }],
    messages: [
      { from, id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), ...kind.make(i) },
    ],
  });
  return { wamid, signed: signWebhook(payload) };
}

export function statusWebhook(wamid: string, status: 'sent' | 'delivered' | 'read'): SignedWebhook {
  return signWebhook(
    envelope({
      statuses: [
        {
          id: wamid,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: '6281300000001',
        },
      ],
    }),
  );
}

/** The demo account's Messenger page and Instagram account (seeded with the demo, issue 17). */
export const DEMO_PAGE_ID = '300000000000001';
export const DEMO_INSTAGRAM_ID = '17841400000000001';

/**
 * A customer's text to the demo Messenger page (`object: page`) or Instagram account (`object:
 * instagram`), as Meta sends it (`entry[].messaging[]`): a PSID / IGSID per customer.
 */
export function pageWebhook(
  channel: 'messenger' | 'instagram',
  i: number,
  customers: number,
): { mid: string; signed: SignedWebhook } {
  const business = channel === 'messenger' ? DEMO_PAGE_ID : DEMO_INSTAGRAM_ID;
  const mid = `m_BENCH_${channel}_${i}_${Date.now().toString(36)}`;
  const customer = `${channel === 'messenger' ? '24' : '17'}${String(i % customers).padStart(14, '0')}`;
  const now = Date.now();
  const payload = {
    object: channel === 'messenger' ? 'page' : 'instagram',
    entry: [
      {
        id: business,
        time: now,
        messaging: [
          {
            sender: { id: customer },
            recipient: { id: business },
            timestamp: now,
            message: { mid, text: `Halo kak, pesanan nomor ${i} sudah dikirim belum?` },
          },
        ],
      },
    ],
  };
  return { mid, signed: signWebhook(payload) };
}
