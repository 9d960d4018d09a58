// Issue 20 in a real Chromium: an admin opens /integration/whatsapp-basic and links the business's
// own number; the sandbox's business phone (apps/sandbox /wa-phone) scans the QR the page shows;
// a customer writes to that number, the agent answers from the inbox (no 24-hour window), and the
// phone shows the reply with its ticks. Screenshots of each, laptop and phone, English and
// Indonesian. The account is one of its own (a paid plan, a balance, no Cloud API number), so the
// plan's one WhatsApp channel is free for the linked number and the demo account stays as other
// specs expect it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freshAccount } from './helpers/db.js';
import { SANDBOX_URL } from './helpers/sandbox.js';
import { join } from 'node:path';
import { SCREENS_DIR, signInAs, snap, switchLanguage } from './helpers/ui.js';
import { uniqueEmail } from './helpers/users.js';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-7);
/** The business's own WhatsApp number (a fresh phone in the sandbox) and one of its customers. */
const BUSINESS_PHONE = `62813${stamp}`;
const CUSTOMER_PHONE = `62857${stamp}`;
const CUSTOMER_NAME = `Dewi ${stamp.slice(-4)}`;
const QUESTION = 'Halo kak, kemeja batik ukuran L masih ada?';
const ANSWER = 'Masih ada kak, mau dikirim hari ini?';

/** A shop of its own: a paid plan, 200,000 in the balance, an admin with the demo password. */
const shop = (email: string) =>
  freshAccount({
    email,
    name: 'Toko Batik Rina',
    adminName: 'Rina Batik',
    phone: '81234567891',
    balance: 200_000,
  });

/** The sandbox's phone of the business number, as its owner holds it. */
async function openBusinessPhone(browser: Browser): Promise<Page> {
  const created = await fetch(`${SANDBOX_URL}/sandbox/wa/phones`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: BUSINESS_PHONE, name: 'Toko Batik Rina' }),
  });
  expect(created.ok, await created.text()).toBe(true);
  const context = await browser.newContext({ viewport: { width: 420, height: 860 } });
  const phone = await context.newPage();
  await phone.goto(`${SANDBOX_URL}/wa-phone?phone=${BUSINESS_PHONE}`);
  return phone;
}

let admin: Page;
let phone: Page;
const email = uniqueEmail('wabasic');

test.beforeAll(async ({ browser, baseURL }) => {
  await shop(email);
  admin = (await signInAs(browser, baseURL, email)).page;
  phone = await openBusinessPhone(browser);
});

test.afterAll(async () => {
  await admin?.context().close();
  await phone?.context().close();
});

test('the admin links the number: the phone scans the QR the page shows', async () => {
  test.setTimeout(120_000);
  // The default WhatsApp type is 'wabasic': the overview leads to linking, not "Coming soon".
  await admin.goto('/integration');
  const card = admin.getByTestId('integration-card-whatsappBasic');
  await expect(card).toContainText('Not connected');
  await snap(admin, 'wabasic-overview-en');
  await card.click();
  await expect(admin).toHaveURL(/\/integration\/whatsapp-basic$/);
  await expect(admin.getByTestId('wabasic-empty')).toBeVisible();
  await snap(admin, 'wabasic-list-empty-en');

  await admin.getByTestId('wabasic-link-name').fill('WhatsApp Toko');
  await admin.getByTestId('wabasic-link-submit').click();
  await expect(admin).toHaveURL(/\/integration\/whatsapp-basic\/detail\?channel=/);
  const qr = admin.getByTestId('wabasic-qr');
  await expect(qr).toBeVisible({ timeout: 30_000 });
  await expect(qr.locator('img')).toBeVisible();
  await expect(admin.getByTestId('wabasic-steps')).toContainText('Linked devices');
  await snap(admin, 'wabasic-qr-en');
  await switchLanguage(admin, 'id');
  await expect(admin.getByTestId('wabasic-steps')).toContainText('Perangkat tertaut');
  await snap(admin, 'wabasic-qr-id');
  await switchLanguage(admin, 'en');

  // The phone: Linked devices → Link a device → scan what the page shows right now.
  await phone.getByTestId('wa-tab-devices').click();
  await phone.getByTestId('wa-link-open').click();
  const code = await qr.getAttribute('data-qr');
  expect(code).toBeTruthy();
  await phone.getByTestId('wa-link-code').fill(code ?? '');
  await phone.getByTestId('wa-link-submit').click();
  await expect(phone.locator('[data-testid="wa-device"][data-connected="true"]')).toHaveCount(1, {
    timeout: 30_000,
  });

  // Sapa: connected, with the number and since when.
  await expect(admin.getByTestId('wabasic-connected')).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByTestId('wabasic-linked-phone')).toHaveText(`+${BUSINESS_PHONE}`);
  await expect(admin.getByTestId('wabasic-state')).toHaveAttribute('data-state', 'connected');
  await snap(admin, 'wabasic-connected-en');
  await switchLanguage(admin, 'id');
  await expect(admin.getByTestId('wabasic-state')).toContainText('Terhubung');
  await snap(admin, 'wabasic-connected-id');
  await switchLanguage(admin, 'en');

  await admin.getByTestId('wabasic-back').click();
  const row = admin.getByTestId('wabasic-number').filter({ hasText: 'WhatsApp Toko' });
  await expect(row.getByTestId('wabasic-state')).toHaveAttribute('data-state', 'connected');
  await expect(row).toContainText(`+${BUSINESS_PHONE}`);
  await snap(admin, 'wabasic-list-en');
});

test('a customer writes, the agent answers, the phone shows the reply with ticks', async () => {
  test.setTimeout(120_000);
  // The customer writes to the business number (the sandbox phone plays its customers).
  await phone.getByTestId('wa-tab-chats').click();
  await phone.getByTestId('wa-new-chat-number').fill(CUSTOMER_PHONE);
  await phone.getByTestId('wa-new-chat-name').fill(CUSTOMER_NAME);
  await phone.getByTestId('wa-new-chat-open').click();
  await phone.getByTestId('wa-input').fill(QUESTION);
  await phone.getByTestId('wa-send').click();

  await admin.goto('/chat');
  // Named as the customer's WhatsApp says, or by the number until it does.
  const row = admin
    .getByTestId('chat-list')
    .getByTestId('chat-row')
    .filter({ hasText: new RegExp(`${CUSTOMER_NAME}|${CUSTOMER_PHONE.slice(-6)}`) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  await expect(admin.getByTestId('message-bubble').filter({ hasText: QUESTION })).toBeVisible();
  // No 24-hour window on a linked number: the composer says so where the countdown would be.
  const strip = admin.getByTestId('window-strip');
  await expect(strip).toHaveAttribute('data-window', 'unbounded');
  await expect(strip).toHaveText('No reply window · reply any time');

  await admin.getByTestId('composer-input').fill(ANSWER);
  await admin.getByTestId('composer-send').click();
  const sent = admin
    .locator('[data-testid="message-bubble"][data-from-me="true"]')
    .filter({ hasText: ANSWER });
  await expect(sent).toBeVisible();

  // The phone shows the reply with its ticks: the chat is open there, so the customer reads it
  // (blue ticks), and Sapa's bubble follows the receipts.
  const reply = phone
    .locator('[data-testid="wa-message"][data-from="business"]')
    .filter({ hasText: ANSWER });
  await expect(reply).toBeVisible({ timeout: 30_000 });
  await expect(reply.getByTestId('wa-ticks')).toHaveAttribute('data-status', 'read', {
    timeout: 30_000,
  });
  await expect(sent).toHaveAttribute('data-status', 'read', { timeout: 30_000 });
  await snap(admin, 'wabasic-chat-en');
  await phone.screenshot({ path: join(SCREENS_DIR, 'wabasic-phone-reply.png') });
  await switchLanguage(admin, 'id');
  await expect(admin.getByTestId('window-strip')).toHaveText(
    'Tanpa batas balas · balas kapan saja',
  );
  await snap(admin, 'wabasic-chat-id');
  await switchLanguage(admin, 'en');
});

test('group chats: the admin turns them on, a member writes in the group, the agent answers it', async () => {
  test.setTimeout(150_000);
  const SUBJECT = `Pelanggan Setia ${stamp.slice(-4)}`;
  const MEMBER_PHONE = `62858${stamp}`;
  const MEMBER_NAME = `Sari ${stamp.slice(-4)}`;
  const IN_GROUP = 'Ada promo untuk anggota grup?';
  const GROUP_ANSWER = 'Ada kak, diskon 10% untuk semua anggota grup ini.';

  // The detail page: off by default, one sentence of what it does; on at once.
  await admin.goto('/integration/whatsapp-basic/detail');
  const toggle = admin.getByTestId('wabasic-groups-switch');
  await expect(toggle).not.toBeChecked({ timeout: 30_000 });
  await expect(admin.getByTestId('wabasic-groups')).toContainText('not fetched');
  await toggle.check();
  await expect(toggle).toBeChecked();
  await snap(admin, 'wabasic-groups-on-en');
  await switchLanguage(admin, 'id');
  await expect(admin.getByTestId('wabasic-groups')).toContainText('Chat grup');
  await snap(admin, 'wabasic-groups-on-id');
  await switchLanguage(admin, 'en');

  // The phone: a group of two of the number's customers; a member writes in it.
  await phone.goto(`${SANDBOX_URL}/wa-phone?phone=${BUSINESS_PHONE}`);
  await phone.getByTestId('wa-tab-chats').click();
  await phone.getByTestId('wa-new-group-toggle').click();
  await phone.getByTestId('wa-new-group-subject').fill(SUBJECT);
  await phone
    .getByTestId('wa-new-group-members')
    .fill(`${MEMBER_PHONE} ${MEMBER_NAME}, ${CUSTOMER_PHONE} ${CUSTOMER_NAME}`);
  await phone.getByTestId('wa-new-group-create').click();
  await phone.getByTestId('wa-group-member').selectOption(MEMBER_PHONE);
  await phone.getByTestId('wa-input').fill(IN_GROUP);
  await phone.getByTestId('wa-send').click();
  await expect(phone.getByTestId('wa-message').filter({ hasText: IN_GROUP })).toBeVisible();

  // The other member writes through the control endpoint (what tests and the bench use).
  const view = (await (
    await fetch(`${SANDBOX_URL}/sandbox/wa/phones/${BUSINESS_PHONE}`)
  ).json()) as {
    chats: Array<{ customer: string; group: { subject: string } | null }>;
  };
  const jid = view.chats.find((c) => c.group?.subject === SUBJECT)?.customer;
  expect(jid).toMatch(/@g\.us$/);
  const said = await fetch(
    `${SANDBOX_URL}/sandbox/wa/phones/${BUSINESS_PHONE}/groups/${jid}/messages`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: CUSTOMER_PHONE, text: 'Saya juga mau tanya' }),
    },
  );
  expect(said.status, await said.text()).toBe(201);

  // The inbox: one chat for the group, named by its subject; each message says who wrote it.
  await admin.goto('/chat');
  const row = admin.getByTestId('chat-list').getByTestId('chat-row').filter({ hasText: SUBJECT });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  await expect(admin.getByTestId('conversation-identifier')).toContainText('WhatsApp group');
  const asked = admin.getByTestId('message-bubble').filter({ hasText: IN_GROUP });
  await expect(asked.getByTestId('message-group-sender')).toContainText(MEMBER_NAME);
  const other = admin.getByTestId('message-bubble').filter({ hasText: 'Saya juga mau tanya' });
  await expect(other.getByTestId('message-group-sender')).toContainText(CUSTOMER_NAME);
  await expect(
    admin.getByTestId('chat-list').getByTestId('chat-row').filter({ hasText: MEMBER_NAME }),
  ).toHaveCount(0);

  // The agent answers; the reply appears in the group on the phone.
  await admin.getByTestId('composer-input').fill(GROUP_ANSWER);
  await admin.getByTestId('composer-send').click();
  await expect(
    admin
      .locator('[data-testid="message-bubble"][data-from-me="true"]')
      .filter({ hasText: GROUP_ANSWER }),
  ).toBeVisible();
  await expect(
    phone
      .locator('[data-testid="wa-message"][data-from="business"]')
      .filter({ hasText: GROUP_ANSWER }),
  ).toBeVisible({ timeout: 30_000 });
  await snap(admin, 'wabasic-group-chat-en');
  await phone.screenshot({ path: join(SCREENS_DIR, 'wabasic-phone-group.png') });
  await switchLanguage(admin, 'id');
  await expect(asked.getByTestId('message-group-sender')).toContainText(MEMBER_NAME);
  await snap(admin, 'wabasic-group-chat-id');
  await switchLanguage(admin, 'en');
});
