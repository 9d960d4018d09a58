// Issue 19 end to end: an admin creates an API key in /setting/api and a webhook endpoint in
// /setting/webhooks in the browser; a script (this test, with fetch) sends a message to a
// sandbox customer with nothing but the key; the customer's phone reports sent, delivered and
// read; the endpoint's delivery log in the browser shows the signed `message.status`
// deliveries, and the receiver verifies every signature with the `standardwebhooks` library.
import { expect, test, type Page } from '@playwright/test';
import { customerSends, NEEDS_SANDBOX, phoneUrl, SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';
import {
  startWebhookReceiver,
  verifyWebhook,
  type WebhookReceiver,
} from './helpers/webhook-receiver.js';

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});

/** /setting/api: the REST API and webhooks on, then a key with the scopes the script needs. */
async function createKeyInBrowser(page: Page): Promise<string> {
  await page.goto('/setting');
  await page.getByTestId('settings-link-api').click();
  await expect(page.getByRole('heading', { name: 'API', level: 2 })).toBeVisible();
  // The demo account is a regular one: both switches start off.
  for (const name of ['REST API', 'Outbound webhooks']) {
    const toggle = page.getByRole('switch', { name });
    await expect(toggle).toBeEnabled();
    if (!(await toggle.isChecked())) await toggle.click();
    await expect(toggle).toBeChecked();
  }
  await page.getByTestId('api-key-create').click();
  // Its own name: other specs look for theirs on the same account.
  await page.getByTestId('api-key-name').fill(`Webhooks e2e ${Date.now().toString(36)}`);
  for (const scope of ['messages:send', 'chats:read']) {
    await page.getByTestId(`scope-${scope}`).check();
  }
  await page.getByTestId('api-key-submit').click();
  const shown = page.getByTestId('api-key-secret');
  await expect(shown).toContainText('sapa_live_');
  const key = (await shown.innerText()).trim();
  await page.getByTestId('api-key-done').click();
  return key;
}

/** /setting/webhooks: an endpoint for `message.status` only; answers its secret, shown once. */
async function createEndpointInBrowser(page: Page, url: string): Promise<string> {
  // From the API page, as an admin who just switched webhooks on would.
  await page.getByTestId('api-webhooks-link').click();
  await expect(page).toHaveURL(/\/setting\/webhooks$/);
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 2 })).toBeVisible();
  // The switch just turned on: no "webhooks are off" notice.
  await expect(page.getByTestId('webhooks-switched-off')).toHaveCount(0);
  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-url').fill(url);
  // A new endpoint offers message.received and message.status; this integrator wants statuses.
  const received = page.getByTestId('webhook-event-message.received');
  await expect(received).toBeChecked();
  await received.uncheck();
  await expect(received).not.toBeChecked();
  await expect(page.getByTestId('webhook-event-message.status')).toBeChecked();
  await page.getByTestId('webhook-submit').click();
  const shown = page.getByTestId('webhook-secret');
  await expect(shown).toContainText('whsec_');
  const secret = (await shown.innerText()).trim();
  await page.getByTestId('webhook-secret-done').click();
  await expect(shown).toBeHidden();
  const card = page.getByTestId('webhook-endpoint').filter({ hasText: url });
  await expect(card.getByTestId('endpoint-state')).toHaveText('Active');
  return secret;
}

/** What an integrator's script does: find the customer's chat and send it a text, by key. */
async function sendWithKey(baseURL: string, key: string, waId: string, text: string) {
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  let chatId: string | undefined;
  await expect(async () => {
    const res = await fetch(`${baseURL}/api/chats/paginate?searchText=${waId}&perpage=5`, {
      headers,
    });
    expect(res.status).toBe(200);
    const chats = (await res.json()) as { data: Array<{ _id: string; identifier: string }> };
    chatId = chats.data.find((c) => c.identifier === waId)?._id;
    expect(chatId).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  const res = await fetch(`${baseURL}/api/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ chatId, text }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { chatId: chatId!, message: (await res.json()) as { _id: string } };
}

test('an integrator sends with a key and receives signed message.status webhooks', async ({
  page,
  baseURL,
  browser,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  test.setTimeout(120_000);
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  const key = await createKeyInBrowser(page);
  const secret = await createEndpointInBrowser(page, receiver.url);

  // A customer writes first, so the 24-hour window is open for a free-form text; their phone
  // stays open, so what arrives is read there too.
  const run = Date.now().toString().slice(-7);
  const waId = `62813${run}`;
  const name = `Integrator ${run.slice(-4)}`;
  await customerSends(request, { waId, name, text: 'Halo, pesanan saya?' });
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto(phoneUrl(waId, name));
  const { chatId, message } = await sendWithKey(
    baseURL!,
    key,
    waId,
    `Pesanan ${run} dikirim hari ini.`,
  );

  // The sandbox reports sent, delivered and read; each reaches the receiver, signed.
  await expect
    .poll(
      () =>
        receiver.received
          .map((hook) => verifyWebhook(secret, hook))
          .filter((p) => p.type === 'message.status' && p.data.messageId === message._id)
          .map((p) => p.data.status),
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['sent', 'delivered', 'read']));
  const statuses = receiver.received
    .map((hook) => ({ hook, payload: verifyWebhook(secret, hook) }))
    .filter(({ payload }) => payload.data.messageId === message._id);
  // Only the subscribed type arrives; every event of the chat carries its order.
  expect(new Set(statuses.map(({ payload }) => payload.type))).toEqual(new Set(['message.status']));
  const sequences = statuses.map(({ payload }) => payload.data.sequence as number);
  expect(new Set(sequences).size).toBe(sequences.length);
  for (const { payload } of statuses) expect(payload.data.chatId).toBe(chatId);
  // A tampered body fails verification: the check above is a real one.
  const [first] = statuses;
  expect(() =>
    verifyWebhook(secret, { ...first!.hook, raw: first!.hook.raw.replace('sent', 'read') }),
  ).toThrow();

  // The endpoint's log in the browser shows those deliveries, delivered, with their signatures.
  await page.goto('/setting/webhooks');
  const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
  await card.getByTestId('endpoint-deliveries-toggle').click();
  const rows = card.locator('[data-testid="delivery-row"][data-event="message.status"]');
  await expect(rows).toHaveCount(statuses.length, { timeout: 15_000 });
  await expect(card.locator('[data-testid="delivery-row"][data-state="delivered"]')).toHaveCount(
    statuses.length,
  );
  const newest = rows.first();
  await newest.getByRole('button').first().click();
  await expect(newest.getByTestId('delivery-request-headers').first()).toContainText(
    'webhook-signature: v1,',
  );
  await expect(newest.getByTestId('delivery-response-body').first()).toContainText('received');

  // "Send test event" delivers a signed webhook.test the receiver can verify too.
  const before = receiver.received.length;
  await card.getByTestId('webhook-send-test').click();
  await expect(card.locator('[data-testid="delivery-row"][data-event="webhook.test"]')).toHaveCount(
    1,
  );
  await expect.poll(() => receiver.received.length).toBeGreaterThan(before);
  expect(verifyWebhook(secret, receiver.received.at(-1)!).type).toBe('webhook.test');

  await phoneContext.close();
  await snap(page, 'api-webhooks-log.en');
  await switchLanguage(page, 'id');
  await expect(card.getByTestId('endpoint-state')).toHaveText('Aktif');
  await snap(page, 'api-webhooks-log.id');
  await switchLanguage(page, 'en');

  // Done: the endpoint is deleted (after a confirmation) and both switches go back off, so the
  // demo account is as the other specs expect it.
  await card.getByTestId('endpoint-menu').click();
  await page.getByTestId('endpoint-delete').click();
  await page.getByTestId('confirm-submit').click();
  await expect(card).toHaveCount(0);
  await page.goto('/setting/api');
  for (const name of ['REST API', 'Outbound webhooks']) {
    const toggle = page.getByRole('switch', { name });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
  }
});
