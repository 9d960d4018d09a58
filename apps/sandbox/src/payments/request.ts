import { z } from 'zod';
import { snapError } from './errors.js';
import { PAYMENT_METHODS, type PaymentMethod, type SnapCustomer, type SnapItem } from './types.js';

// Midtrans: order_id up to 50 characters of letters, digits, '-', '_', '~' and '.'.
const ORDER_ID = /^[A-Za-z0-9\-_~.]{1,50}$/;

const amount = (field: string) =>
  z
    .number({
      error: (i) => (i.input === undefined ? `${field} is required` : `${field} must be a number`),
    })
    .int(`${field} must be a whole number of rupiah`);

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be a string` }).max(max, `${field} is too long`);

const itemSchema = (index: number) =>
  z.object({
    id: z.union([z.string(), z.number()]).optional(),
    price: amount(`item_details.${index}.price`),
    quantity: z
      .number({ error: `item_details.${index}.quantity is required` })
      .int(`item_details.${index}.quantity must be a whole number`)
      .min(1, `item_details.${index}.quantity must be at least 1`),
    name: z
      .string({ error: `item_details.${index}.name is required` })
      .min(1, `item_details.${index}.name is required`)
      .max(255, `item_details.${index}.name is too long`),
  });

const bodySchema = z.object(
  {
    transaction_details: z.object(
      {
        order_id: z
          .string({ error: 'transaction_details.order_id is required' })
          .regex(
            ORDER_ID,
            'transaction_details.order_id may only contain letters, digits, -, _, ~ and ., at most 50 characters',
          ),
        gross_amount: amount('transaction_details.gross_amount').min(
          1,
          'transaction_details.gross_amount must be greater than or equal to 0.01',
        ),
      },
      { error: 'transaction_details is required' },
    ),
    item_details: z.array(z.unknown(), { error: 'item_details must be an array' }).optional(),
    customer_details: z
      .object({
        first_name: text('customer_details.first_name', 255).optional(),
        last_name: text('customer_details.last_name', 255).optional(),
        email: z.email('customer_details.email format is invalid').optional(),
        phone: text('customer_details.phone', 255).optional(),
      })
      .optional(),
    enabled_payments: z.array(z.string()).optional(),
    callbacks: z
      .object({
        finish: z.url('callbacks.finish must be a valid URL').optional(),
      })
      .optional(),
    expiry: z
      .object({
        start_time: z
          .string()
          .regex(
            /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4}$/,
            'expiry.start_time format must be yyyy-MM-dd hh:mm:ss Z',
          )
          .optional(),
        unit: z.enum(['minute', 'minutes', 'hour', 'hours', 'day', 'days'], {
          error: 'expiry.unit must be one of day, hour or minute',
        }),
        duration: z
          .number({ error: 'expiry.duration is required' })
          .int('expiry.duration must be a whole number')
          .min(1, 'expiry.duration must be at least 1'),
      })
      .optional(),
  },
  { error: 'transaction_details is required' },
);

export interface SnapRequest {
  orderId: string;
  grossAmount: number;
  items: SnapItem[];
  customer: SnapCustomer | null;
  finishUrl: string | null;
  enabledMethods: PaymentMethod[];
  /** Epoch ms the page and its payment stop being payable. */
  expiresAt: number;
}

const UNIT_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

function startTimeMs(value: string): number {
  // "2026-01-15 10:00:00 +0700" → ISO with a colon in the offset.
  const iso = `${value.slice(0, 10)}T${value.slice(11, 19)}${value.slice(20, 23)}:${value.slice(23)}`;
  return Date.parse(iso);
}

/**
 * Validates `POST /snap/v1/transactions` the way Snap does: every problem listed in
 * error_messages, item_details required to add up to gross_amount.
 */
export function parseSnapRequest(
  body: unknown,
  now: number,
  defaultExpiryMinutes: number,
): SnapRequest {
  const parsed = bodySchema.safeParse(body ?? undefined);
  if (!parsed.success) throw snapError(400, unique(parsed.error.issues.map((i) => i.message)));
  const data = parsed.data;

  const items: SnapItem[] = [];
  const messages: string[] = [];
  (data.item_details ?? []).forEach((raw, index) => {
    const item = itemSchema(index).safeParse(raw);
    if (!item.success) messages.push(...item.error.issues.map((i) => i.message));
    else
      items.push({
        id: String(item.data.id ?? `item-${index + 1}`),
        name: item.data.name,
        price: item.data.price,
        quantity: item.data.quantity,
      });
  });
  if (messages.length === 0 && data.item_details) {
    const sum = items.reduce((total, i) => total + i.price * i.quantity, 0);
    if (sum !== data.transaction_details.gross_amount) {
      messages.push('transaction_details.gross_amount is not equal to the sum of item_details');
    }
  }

  let expiresAt = now + defaultExpiryMinutes * UNIT_MS.minute;
  if (data.expiry) {
    const start = data.expiry.start_time ? startTimeMs(data.expiry.start_time) : now;
    if (Number.isNaN(start)) messages.push('expiry.start_time is not a valid time');
    const unit = data.expiry.unit.replace(/s$/, '') as keyof typeof UNIT_MS;
    expiresAt = start + data.expiry.duration * UNIT_MS[unit];
    if (expiresAt <= now) messages.push('expiry must end in the future');
  }
  if (messages.length > 0) throw snapError(400, unique(messages));

  const enabled = (data.enabled_payments ?? [])
    .map((name) => (name === 'other_qris' ? 'qris' : name))
    .filter((name): name is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(name));
  const customer = data.customer_details;
  return {
    orderId: data.transaction_details.order_id,
    grossAmount: data.transaction_details.gross_amount,
    items,
    customer: customer
      ? {
          firstName: customer.first_name ?? null,
          lastName: customer.last_name ?? null,
          email: customer.email ?? null,
          phone: customer.phone ?? null,
        }
      : null,
    finishUrl: data.callbacks?.finish ?? null,
    // Snap shows every method when enabled_payments is absent or names none it knows.
    enabledMethods: enabled.length > 0 ? [...new Set(enabled)] : [...PAYMENT_METHODS],
    expiresAt,
  };
}

const unique = (values: string[]) => [...new Set(values)];
