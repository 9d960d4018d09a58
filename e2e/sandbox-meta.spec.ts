// The sandbox's customer page as a Messenger and an Instagram customer, in Chromium: what the
// tester does on the phone becomes the sandbox state and the signed webhooks Sapa receives.
// (Sapa's side of these channels is tested by the inbox specs.)
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  DEMO_INSTAGRAM,
  DEMO_PAGE,
  metaPhoneUrl,
  metaThread,
  NEEDS_SANDBOX,
  newScopedId,
  SANDBOX_URL,
} from './helpers/sandbox';
import { snap } from './helpers/ui';

test.skip(!SANDBOX_URL, NEEDS_SANDBOX);

/** What Sapa would call: the Send API with the demo Page's token. */
async function businessSends(
  request: APIRequestContext,
  path: string,
  token: string,
  body: Record<string, unknown>,
) {
  const res = await request.post(`${SANDBOX_URL}/v21.0/${path}/messages`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A tiny real PNG (one red pixel) for the photo upload. */
function png(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const byte of buf) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 220, 30, 60]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a Messenger customer writes, sends a photo, taps the business’s buttons, reacts and sees "Seen"', async ({
  page,
  request,
}) => {
  const psid = newScopedId('messenger');
  await page.goto(metaPhoneUrl('messenger', psid, 'Ani Wijaya'));
  await expect(page.getByTestId('phone-app-tab').filter({ hasText: 'Messenger' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByTestId('phone-input').fill('Halo, sepatu biru ukuran 40 masih ada?');
  await page.getByTestId('phone-send').click();
  await expect(
    page.getByTestId('phone-message').filter({ hasText: 'sepatu biru' }),
  ).toHaveAttribute('data-direction', 'out');

  const bot = (body: Record<string, unknown>) =>
    businessSends(request, DEMO_PAGE.id, DEMO_PAGE.token, {
      recipient: { id: psid },
      messaging_type: 'RESPONSE',
      ...body,
    });
  await bot({
    message: {
      attachment: {
        type: 'template',
        payload: {
          template_type: 'button',
          text: 'Masih ada 3 pasang. Pilih menu:',
          buttons: [{ type: 'postback', title: 'Cek ongkir', payload: 'SHIPPING' }],
        },
      },
    },
  });
  await page.getByTestId('phone-postback').filter({ hasText: 'Cek ongkir' }).click();
  await bot({
    message: {
      text: 'Mau dikirim hari ini?',
      quick_replies: [{ content_type: 'text', title: 'Ya, kirim', payload: 'YES' }],
    },
  });
  await page.getByTestId('phone-quick-reply').filter({ hasText: 'Ya, kirim' }).click();

  const asked = page.getByTestId('phone-message').filter({ hasText: 'Mau dikirim hari ini?' });
  await asked.hover();
  await page.locator('.m-row').filter({ has: asked }).getByTestId('phone-react').click();
  await page.locator('[data-testid="phone-reaction-option"][data-emoji="👍"]').click();
  await page.getByTestId('phone-file-input').setInputFiles({
    name: 'sepatu.png',
    mimeType: 'image/png',
    buffer: png(),
  });

  // The business answers from Meta's app, then opens the thread.
  await page.getByTestId('phone-echo-input').fill('Siap, dikirim sore ini');
  await page.getByTestId('phone-echo-send').click();
  await expect(page.getByText('Sent from the Page’s inbox in Meta’s app')).toBeVisible();
  await businessSends(request, DEMO_PAGE.id, DEMO_PAGE.token, {
    recipient: { id: psid },
    sender_action: 'mark_seen',
  });
  await expect(page.getByTestId('phone-seen')).toBeVisible();

  const thread = await metaThread(request, 'messenger', psid);
  const mine = thread.messages.filter((m) => m.from === 'customer');
  expect(mine.map((m) => m.tapped?.payload ?? m.attachments?.[0]?.type ?? m.text)).toEqual([
    'Halo, sepatu biru ukuran 40 masih ada?',
    'SHIPPING',
    'YES',
    'image',
  ]);
  expect(thread.messages.find((m) => m.text === 'Mau dikirim hari ini?')?.reactions).toEqual({
    customer: '👍',
  });
  expect(thread.messages.at(-1)).toMatchObject({ from: 'business', origin: 'meta_app' });
  await snap(page, 'sandbox-messenger');
});

test('an Instagram customer answers the business’s story and gets a reply', async ({
  page,
  request,
}) => {
  const igsid = newScopedId('instagram');
  await page.goto(metaPhoneUrl('instagram', igsid, 'Rizky Pratama'));
  await page.getByTestId('phone-input').fill('Kak, ini ready warna pink?');
  await page.getByTestId('phone-send').click();
  await page.getByTestId('phone-story-open').click();
  await expect(
    page.getByRole('dialog', { name: `${DEMO_INSTAGRAM.username}'s story` }),
  ).toBeVisible();
  await snap(page, 'sandbox-instagram-story');
  await page.getByTestId('phone-story-reply-input').fill('Yang di story ini masih ada?');
  await page.getByTestId('phone-story-reply-send').click();
  await expect(page.getByText('You replied to their story')).toBeVisible();
  await businessSends(request, DEMO_INSTAGRAM.id, DEMO_INSTAGRAM.token, {
    recipient: { id: igsid },
    messaging_type: 'RESPONSE',
    message: { text: 'Ready kak! Pink tinggal S dan M' },
  });
  await expect(page.getByTestId('phone-message').filter({ hasText: 'Ready kak!' })).toHaveAttribute(
    'data-direction',
    'in',
  );
  const thread = await metaThread(request, 'instagram', igsid);
  expect(thread.messages.map((m) => m.story?.kind ?? null)).toEqual([null, 'reply', null]);
  await snap(page, 'sandbox-instagram');
});

test('the app strip switches the same page between Instagram, Messenger and WhatsApp', async ({
  page,
}) => {
  await page.goto(metaPhoneUrl('instagram', newScopedId('instagram'), 'Dewi Lestari'));
  const tab = (name: string) => page.getByTestId('phone-app-tab').filter({ hasText: name });
  await tab('Messenger').click();
  await expect(tab('Messenger')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Messenger · sandbox Page')).toBeVisible();
  await tab('WhatsApp').click();
  await expect(tab('WhatsApp')).toHaveAttribute('aria-selected', 'true');
  // The WhatsApp customer's own controls are back: pick the business number, write.
  await expect(page.getByTestId('phone-number-select')).toBeVisible();
  await expect(page.getByTestId('phone-input')).toBeEditable();
  await snap(page, 'sandbox-whatsapp');
});
