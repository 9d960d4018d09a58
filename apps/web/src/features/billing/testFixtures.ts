import type { Order } from '@sapa/contracts';
import type { SellableProduct } from './money';

/** A pending top-up of Rp 100.000 (Rp 111.000 with 11 % effective PPN), as the server shows it. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'SAPA-260115-K7QX3M9TZP',
    type: 'topup',
    status: 'pending',
    amount: 100_000,
    ppnRate: 11,
    taxBase: 91_667,
    ppn: 11_000,
    grossAmount: 111_000,
    product: null,
    billingPeriod: null,
    paymentMethod: null,
    createdAt: '2026-01-15T03:00:00.000Z',
    paidAt: null,
    expiresAt: '2026-01-16T03:00:00.000Z',
    invoiceId: null,
    periodStart: null,
    periodEnd: null,
    ...overrides,
  };
}

export const STARTER: SellableProduct = {
  _id: 'product-1',
  code: 'starter',
  name: 'Starter',
  description: 'For small teams starting with WhatsApp',
  price: 299_000,
  yearlyPrice: 2_990_000,
  billingPeriod: 'monthly',
  agentLimit: 3,
  features: ['1 WhatsApp number', 'Shared inbox', 'Broadcasts'],
  trialDays: 14,
};

export const GROWTH: SellableProduct = {
  _id: 'product-2',
  code: 'growth',
  name: 'Growth',
  description: 'For growing teams',
  price: 799_000,
  yearlyPrice: 7_990_000,
  billingPeriod: 'monthly',
  agentLimit: 10,
  features: ['3 WhatsApp numbers', 'Routing', 'Reports'],
  trialDays: 14,
};
