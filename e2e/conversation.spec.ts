// Issue 4's conversation pane in Chromium: what a customer sends from the sandbox phone (a photo,
// a location, a contact card) renders as such; the agent answers with a "/" quick reply and an
// emoji; a chat whose customer wrote over 24 hours ago is locked; the phone-sized layout works.
import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { customerSends, NEEDS_SANDBOX, phoneUrl, SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin, shot } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WINDOW_CLOSED =
  "Can't send message out. This conversation is over 24 hours old. Please use a template instead.";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 240×160 PNG (a teal gradient with a white dot), so the photo visibly renders. */
function photo(): Buffer {
  const width = 240;
  const height = 160;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const dot = (x - 120) ** 2 + (y - 80) ** 2 < 40 ** 2;
      const i = row + 1 + x * 3;
      raw[i] = dot ? 255 : 20 + Math.round((x / width) * 40);
      raw[i + 1] = dot ? 255 : 120 + Math.round((y / height) * 80);
      raw[i + 2] = dot ? 255 : 140 + Math.round((x / width) * 100);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  // Admins have no Chats item in the side menu (spec §2 "Side menus"); /chat is still theirs.
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto('/chat');
  await expect(page.getByTestId('chat-list')).toBeVisible();
}

async function openChat(page: Page, name: string): Promise<void> {
  const row = page.getByTestId('chat-list').getByTestId('chat-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  await expect(page.getByTestId('conversation-name')).toHaveText(name);
}

/** Nothing sticks out sideways: the page itself never scrolls horizontally. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('conversation: photo, location and contact card render; a / quick reply and an emoji go out', async ({
  browser,
  baseURL,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  test.setTimeout(120_000);
  const run = Date.now().toString().slice(-7);
  const customerId = `62817${run}`;
  const name = `Rani Foto ${run.slice(-4)}`;

  const agentContext = await browser.newContext({ baseURL, viewport: LAPTOP });
  const agent = await agentContext.newPage();
  await signIn(agent);

  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto(phoneUrl(customerId, name));
  await phone.getByTestId('phone-input').fill('Halo kak, ini foto kaos yang saya maksud');
  await phone.getByTestId('phone-send').click();
  await phone
    .getByTestId('phone-file-input')
    .setInputFiles({ name: 'kaos.png', mimeType: 'image/png', buffer: photo() });
  await phone.getByTestId('phone-attach').click();
  await phone.getByTestId('phone-attach-location').click();
  await phone.getByTestId('phone-location-send').click();
  await phone.getByTestId('phone-attach').click();
  await phone.getByTestId('phone-attach-contact').click();
  await phone.getByTestId('phone-contact-send').click();

  await openChat(agent, name);
  const list = agent.getByTestId('message-list');

  // The photo: a thumbnail loaded with the agent's token, opening full size.
  const image = list.locator('[data-type="image"]').getByTestId('message-image');
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(240);
  await image.click();
  await expect(agent.getByTestId('lightbox-image')).toBeVisible();
  await agent.keyboard.press('Escape');
  await expect(agent.getByTestId('lightbox-image')).toBeHidden();

  // The location: the place and a map link.
  const location = list.getByTestId('message-location');
  await expect(location).toContainText('Monas');
  await expect(location).toContainText('Gambir, Central Jakarta');
  await expect(list.getByTestId('message-map-link')).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=-6\.175400&mlon=106\.827200/,
  );

  // The contact card: name, phone and a copy button.
  const contact = list.getByTestId('message-contact');
  await expect(contact.getByTestId('message-contact-name')).toHaveText('Siti Rahayu');
  await expect(contact.getByTestId('message-contact-phone')).toHaveText('+62 812 3456 7890');
  await expect(contact.getByRole('button', { name: /\+62 812 3456 7890/ })).toBeVisible();
  await expect(agent.getByTestId('day-separator').last()).toHaveText('Today');
  await shot(agent, 'conversation-media.laptop');

  // "/" opens the quick replies; typing filters; Enter inserts.
  const input = agent.getByTestId('composer-input');
  await input.click();
  await input.pressSequentially('/hel');
  const options = agent.getByTestId('quick-reply-option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('/hello');
  await shot(agent, 'conversation-quick-replies.laptop');
  await input.press('Enter');
  await expect(input).toHaveValue(/^Halo Kak, terima kasih sudah menghubungi Demo Company/);
  await expect(agent.getByTestId('quick-replies')).toBeHidden();

  // The emoji picker loads on first open; a picked emoji lands at the cursor.
  await input.press('End');
  await agent.getByTestId('composer-emoji').click();
  const picker = agent.getByTestId('emoji-picker');
  await picker.getByRole('searchbox').or(picker.locator('input')).first().fill('thumbs up');
  await picker.locator('button[data-epr-unified="1f44d"]').first().click();
  await agent.getByTestId('composer-emoji').click();
  await expect(picker).toBeHidden();
  await expect(input).toHaveValue(/👍$/);
  await input.press('Enter');

  const sent = agent
    .locator('[data-testid="message-bubble"][data-from-me="true"]')
    .filter({ hasText: 'terima kasih sudah menghubungi Demo Company' });
  await expect(sent).toBeVisible();
  await expect(sent).toHaveAttribute('data-status', /^(sent|delivered|read)$/, { timeout: 20_000 });
  await expect(
    phone.getByTestId('phone-message').filter({ hasText: 'terima kasih sudah menghubungi' }),
  ).toBeVisible({ timeout: 20_000 });

  // Reply to the customer's first message: the quote goes along and shows on the bubble.
  const first = list
    .getByTestId('message-bubble')
    .filter({ hasText: 'foto kaos yang saya maksud' });
  await first.hover();
  await first.getByTestId('message-actions').click();
  await agent.getByTestId('message-reply').click();
  await expect(agent.getByTestId('composer-reply')).toContainText('foto kaos yang saya maksud');
  await input.fill('Ukuran apa yang Kakak mau?');
  await input.press('Enter');
  const reply = agent
    .locator('[data-testid="message-bubble"][data-from-me="true"]')
    .filter({ hasText: 'Ukuran apa yang Kakak mau?' });
  await expect(reply.getByTestId('message-reply-quote')).toContainText(
    'foto kaos yang saya maksud',
  );
  await expect(agent.getByTestId('composer-reply')).toBeHidden();
  await expect(reply).toHaveAttribute('data-status', /^(sent|delivered|read)$/, {
    timeout: 20_000,
  });
  await shot(agent, 'conversation-reply.laptop');

  // Phone-sized: one pane, the conversation with a way back, nothing wider than the screen.
  await agent.setViewportSize(PHONE);
  await expect(agent.getByTestId('conversation')).toBeVisible();
  await expect(agent.getByTestId('chat-list')).toBeHidden();
  await expect(agent.getByTestId('conversation-back')).toBeVisible();
  await expect(agent.getByTestId('composer-input')).toBeInViewport();
  await expect(list.getByTestId('message-contact')).toBeVisible();
  const bubbleBox = await list.getByTestId('message-contact').boundingBox();
  expect(bubbleBox && bubbleBox.x + bubbleBox.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoSidewaysScroll(agent);
  await shot(agent, 'conversation-media.phone');
  await list.getByTestId('message-image').scrollIntoViewIfNeeded();
  await shot(agent, 'conversation-photo.phone');
  await agent.getByTestId('conversation-back').click();
  await expect(agent.getByTestId('chat-list')).toBeVisible();

  await agentContext.close();
  await phoneContext.close();
});

test('conversation: the composer is locked once the 24-hour window has passed', async ({
  browser,
  baseURL,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const run = Date.now().toString().slice(-7);
  const waId = `62818${run}`;
  const name = `Tono Lama ${run.slice(-4)}`;
  // The customer's last message is 25 hours old: only templates may be sent now (spec §4).
  const dayAgo = Math.floor(Date.now() / 1000) - 25 * 60 * 60;
  await customerSends(request, {
    waId,
    name,
    text: 'Kak, pesanan saya kemarin sudah dikirim?',
    timestamp: dayAgo,
  });

  const context = await browser.newContext({ baseURL, viewport: LAPTOP });
  const agent = await context.newPage();
  await signIn(agent);
  await openChat(agent, name);
  await expect(
    agent.getByTestId('message-bubble').filter({ hasText: 'pesanan saya kemarin' }),
  ).toBeVisible();
  // 25 hours ago is yesterday or, just after midnight, the day before: never Today.
  await expect(agent.getByTestId('day-separator').first()).not.toHaveText('Today');
  await expect(agent.getByTestId('window-closed-notice')).toHaveText(WINDOW_CLOSED);
  await expect(agent.getByTestId('composer-input')).toBeDisabled();
  await expect(agent.getByTestId('composer-send')).toBeDisabled();
  await expect(agent.getByTestId('composer-attach')).toBeDisabled();
  await expect(agent.getByTestId('composer-emoji')).toBeDisabled();
  await shot(agent, 'conversation-window-closed.laptop');

  await agent.setViewportSize(PHONE);
  await expect(agent.getByTestId('window-closed-notice')).toBeInViewport();
  await expect(agent.getByTestId('composer-input')).toBeDisabled();
  await expectNoSidewaysScroll(agent);
  await shot(agent, 'conversation-window-closed.phone');
  await context.close();
});
