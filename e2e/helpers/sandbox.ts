// The customer's side of the specs: the sandbox (Meta's stand-in) that scripts/e2e.mjs starts,
// its phone page and its control API.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const SANDBOX_URL = process.env.E2E_SANDBOX_URL ?? '';
/** The demo account's WhatsApp phone number id, as the seed and the sandbox know it. */
export const DEMO_NUMBER = '100000000000001';
export const NEEDS_SANDBOX = 'needs the sandbox (scripts/e2e.mjs starts it)';

/** The sandbox's phone page for one customer writing to the demo number. */
export function phoneUrl(customer: string, name: string): string {
  return `${SANDBOX_URL}/phone?number=${DEMO_NUMBER}&customer=${customer}&name=${encodeURIComponent(name)}`;
}

/** A customer's text reaches Sapa as Meta's signed webhook, sent through the control API. */
export async function customerSends(
  request: APIRequestContext,
  message: { waId: string; name: string; text: string; timestamp?: number },
): Promise<void> {
  const { waId, name, text, timestamp } = message;
  const res = await request.post(`${SANDBOX_URL}/sandbox/customers/${waId}/messages`, {
    data: {
      phoneNumberId: DEMO_NUMBER,
      name,
      type: 'text',
      text,
      ...(timestamp ? { timestamp } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * A new customer (number `prefix` + time) writes from the phone page, as a person would: a
 * fresh chat. The page stays open for what the business sends back.
 */
export async function customerWritesOnPhone(
  browser: Browser,
  options: { label: string; text: string; prefix: string },
): Promise<{ name: string; phone: Page; close: () => Promise<void> }> {
  const customerId = `${options.prefix}${Date.now().toString().slice(-7)}`;
  const name = `${options.label} ${customerId.slice(-4)}`;
  const context = await browser.newContext();
  const phone = await context.newPage();
  await phone.goto(phoneUrl(customerId, name));
  await phone.getByTestId('phone-input').fill(options.text);
  await phone.getByTestId('phone-send').click();
  return { name, phone, close: () => context.close() };
}
