import { signMetaBody } from '../channels/meta-signature.js';

/** Builders of WhatsApp Cloud webhook payloads, shaped as reference §2.1–§2.3 shows them. */
export const PHONE_NUMBER_ID = '106540352242922';
export const WABA_ID = '102290129340398';

let seq = 0;
export const wamid = () => `wamid.TEST${Date.now().toString(36)}${(seq++).toString(36)}`;

export function envelope(value: Record<string, unknown>, phoneNumberId = PHONE_NUMBER_ID) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export function inbound(
  message: Record<string, unknown>,
  opts: {
    from?: string;
    name?: string;
    id?: string;
    timestamp?: number;
    phoneNumberId?: string;
  } = {},
) {
  const from = opts.from ?? '6281234567890';
  return envelope(
    {
      contacts: [{ profile: { name: opts.name ?? 'Ana' }, wa_id: from }],
      messages: [
        {
          from,
          id: opts.id ?? wamid(),
          timestamp: String(opts.timestamp ?? Math.floor(Date.now() / 1000)),
          ...message,
        },
      ],
    },
    opts.phoneNumberId,
  );
}

export const text = (body: string, opts?: Parameters<typeof inbound>[1]) =>
  inbound({ type: 'text', text: { body } }, opts);

export function status(
  id: string,
  value: 'sent' | 'delivered' | 'read' | 'failed',
  extra: Record<string, unknown> = {},
  phoneNumberId = PHONE_NUMBER_ID,
) {
  return envelope(
    {
      statuses: [
        {
          id,
          status: value,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: '6281234567890',
          ...extra,
        },
      ],
    },
    phoneNumberId,
  );
}

/** Serialises like Meta (non-ASCII escaped) and signs those exact bytes. */
export function signed(payload: unknown, secret = 'test-app-secret') {
  const body = JSON.stringify(payload).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signMetaBody(body, secret),
    },
  };
}
