// Issue 6's whole journey in Chromium, as a manager lives it: write a template, publish it and
// see the sandbox (our Meta) approve it, then broadcast it to a contact group of sandbox
// customers; their phones receive it with their own names and the result page counts the read.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectBroadcastDone } from './helpers/broadcasts.js';
import { customerSends, NEEDS_SANDBOX, phoneUrl, SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin, snap } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

/** The customers' contacts (made by their first messages) in a new group, through the API. */
async function groupOf(
  request: APIRequestContext,
  baseURL: string,
  name: string,
  phones: string[],
): Promise<void> {
  const login = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const ids: string[] = [];
  for (const phone of phones) {
    await expect
      .poll(async () => {
        const res = await request.get(`${baseURL}/api/contacts?searchText=${phone}`, { headers });
        const found = ((await res.json()) as { data: { _id: string }[] }).data[0];
        if (found) ids.push(found._id);
        return Boolean(found);
      })
      .toBe(true);
  }
  const group = await request.post(`${baseURL}/api/contacts/groups`, {
    headers,
    data: { name, description: 'Pelanggan uji broadcast' },
  });
  expect(group.status(), await group.text()).toBe(201);
  const { _id } = (await group.json()) as { _id: string };
  const members = await request.post(`${baseURL}/api/contacts/groups/${_id}/members`, {
    headers,
    data: { contactIds: ids },
  });
  expect(members.ok(), await members.text()).toBe(true);
}

test('broadcast journey: new template approved by the sandbox, sent to a contact group, read on the phone', async ({
  browser,
  baseURL,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  test.setTimeout(150_000);
  const run = Date.now().toString().slice(-7);
  const customers = [
    { waId: `62818${run}1`, name: 'Rina' },
    { waId: `62818${run}2`, name: 'Sari' },
  ];
  const templateName = `pesanan_${run}`;
  const groupName = `Pelanggan ${run}`;

  for (const c of customers)
    await customerSends(request, { waId: c.waId, name: c.name, text: 'Halo, saya mau pesan' });
  await groupOf(
    request,
    baseURL ?? '',
    groupName,
    customers.map((c) => c.waId),
  );

  // Rina has WhatsApp open: what arrives is read.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto(phoneUrl(customers[0]?.waId ?? '', 'Rina'));

  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // 1. The template, published and approved.
  await page.goto('/broadcast/template/new');
  await page.getByTestId('template-name').fill(templateName);
  await page
    .getByTestId('template-content')
    .fill('Halo {{1}}, pesanan Anda sudah kami kirim hari ini.');
  await page.getByTestId('template-example-1').fill('Rina');
  await page.getByTestId('template-save-publish').click();
  await page.getByTestId('confirm-submit').click();
  const row = page.getByTestId(`template-row-${templateName}`);
  await expect(row.getByTestId('template-status')).toHaveText('Accepted', { timeout: 20_000 });

  // 2. The broadcast: the new template, the group, the contact name into {{1}}.
  await page.getByTestId('template-to-broadcasts').click();
  await page.getByRole('link', { name: 'New broadcast' }).first().click();
  await page.getByTestId('broadcast-title').fill(`Pengiriman ${run}`);
  const channel = page.getByTestId('broadcast-channel');
  if ((await channel.inputValue()) === '') {
    await channel.click();
    await page.getByRole('option').first().click();
  }
  await page.getByTestId('broadcast-template').click();
  await page.getByRole('option', { name: `${templateName} (id)`, exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByTestId('data-mode').getByText('Contact groups').click();
  await page.getByTestId('recipient-groups').click();
  await page.getByRole('option', { name: `${groupName} (2)` }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'Fills param1' }).click();
  await page.getByRole('option', { name: 'Contact name', exact: true }).click();
  await page.getByTestId('check-now').click();

  await expect(page.getByTestId('start-broadcast')).toBeVisible({ timeout: 20_000 });
  // The preview is filled for the group's first member, whichever of the two that is.
  await expect(page.getByTestId('template-bubble')).toContainText(
    /Halo (Rina|Sari), pesanan Anda sudah kami kirim hari ini\./,
  );
  await snap(page, 'broadcast-journey-review');
  await page.getByTestId('start-broadcast').click();

  // 3. The result page: both delivered, Rina's read, and her phone shows it with her name.
  await expectBroadcastDone(page, { recipients: 2, read: 1, timeout: 60_000 });
  await expect(phone.getByText('Halo Rina, pesanan Anda sudah kami kirim hari ini.')).toBeVisible({
    timeout: 20_000,
  });
  await snap(page, 'broadcast-journey-result');

  await context.close();
  await phoneContext.close();
});
