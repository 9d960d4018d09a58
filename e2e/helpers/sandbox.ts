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

// ---- Messenger and Instagram (the sandbox's README lists these seeded accounts) ------------

/** Demo Company's Facebook Page and its page token (apps/sandbox/src/demo.ts). */
export const DEMO_PAGE = { id: '300000000000001', token: 'sandbox-page-token-demo-messenger' };
/** Demo Company's Instagram account, linked through its own Page. */
export const DEMO_INSTAGRAM = {
  id: '17841400000000001',
  pageId: '300000000000002',
  token: 'sandbox-page-token-demo-instagram',
  username: 'democompany.id',
};
export type MetaApp = 'messenger' | 'instagram';

const accountOf = (app: MetaApp) => (app === 'messenger' ? DEMO_PAGE.id : DEMO_INSTAGRAM.id);

/** The phone page as a Messenger or Instagram customer (`customer`: a PSID / IGSID) of the demo. */
export function metaPhoneUrl(app: MetaApp, customer: string, name: string): string {
  const query = new URLSearchParams({ app, account: accountOf(app), customer, name });
  return `${SANDBOX_URL}/phone?${query}`;
}

/** A fresh page-scoped id (16 digits), unique enough for one run. */
export function newScopedId(app: MetaApp): string {
  return `${app === 'messenger' ? '24' : '17'}${Date.now().toString().slice(-10)}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
}

/** The customer does something through the control API (`type`: text, reaction, story_reply…). */
export async function metaCustomerDoes(
  request: APIRequestContext,
  app: MetaApp,
  customer: string,
  body: Record<string, unknown>,
): Promise<{ mid: string; deliveryId: string | null }> {
  const res = await request.post(
    `${SANDBOX_URL}/sandbox/${app}/${accountOf(app)}/customers/${customer}/messages`,
    { data: body },
  );
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A person at the business reacts to one of the thread's messages in Meta's app (an echo). */
export async function metaReactsInMetaApp(
  request: APIRequestContext,
  app: MetaApp,
  customer: string,
  mid: string,
  emoji: string | null,
): Promise<void> {
  const res = await request.post(
    `${SANDBOX_URL}/sandbox/${app}/${accountOf(app)}/customers/${customer}/echo`,
    { data: { reaction: { mid, emoji } } },
  );
  expect(res.status(), await res.text()).toBe(201);
}

/** Moves the customer's last message back, e.g. 8 days for "past HUMAN_AGENT's window". */
export async function metaLastWroteDaysAgo(
  request: APIRequestContext,
  app: MetaApp,
  customer: string,
  days: number,
): Promise<void> {
  const res = await request.patch(
    `${SANDBOX_URL}/sandbox/${app}/${accountOf(app)}/customers/${customer}`,
    { data: { lastInboundAgo: { days } } },
  );
  expect(res.status(), await res.text()).toBe(200);
}

/** The customer's thread as the sandbox holds it. */
export async function metaThread(request: APIRequestContext, app: MetaApp, customer: string) {
  const res = await request.get(
    `${SANDBOX_URL}/sandbox/${app}/${accountOf(app)}/customers/${customer}`,
  );
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as {
    seenByBusinessAt: number | null;
    messages: Array<{
      mid: string;
      from: 'customer' | 'business';
      text?: string;
      origin?: string;
      attachments?: Array<{ type: string }>;
      story?: { kind: string };
      tapped?: { kind: string; payload: string };
      reactions?: { customer?: string; business?: string };
    }>;
  };
}

/** Every Send API call Sapa made for a Page: messaging_type, tag, accepted or refused. */
export async function metaSent(request: APIRequestContext, pageId: string) {
  const res = await request.get(`${SANDBOX_URL}/sandbox/pages/${pageId}/sent`);
  return ((await res.json()) as { data: Array<Record<string, unknown>> }).data;
}
