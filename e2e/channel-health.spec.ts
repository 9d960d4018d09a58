// Issue 17 §3 in Chromium: Meta (the sandbox) stops taking the demo number's token; the admin
// watching Integration sees the channel turn "needs attention" live as a reply fails, rotates
// the token with "Edit credentials", and the next reply goes out.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { customerSends, DEMO_NUMBER, NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { signInAs, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

/** The demo number as the sandbox seeds it; registering it again replaces its token. */
const DEMO = {
  phoneNumberId: DEMO_NUMBER,
  displayPhoneNumber: '6281100000001',
  wabaId: '200000000000001',
  name: 'Demo Company',
};
const SEED_TOKEN = 'sandbox-access-token';
const NEW_TOKEN = 'sandbox-access-token-rotated-e2e';

async function metaGivesToken(request: APIRequestContext, accessToken: string) {
  const res = await request.post(`${SANDBOX_URL}/sandbox/numbers`, {
    data: { ...DEMO, accessToken },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function adminHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', {
    data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

test('a token Meta refuses shows live, and Edit credentials with a new token sends again', async ({
  browser,
  baseURL,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  const headers = await adminHeaders(request);
  const list = await request.get('/api/services/all/whatsapp', { headers });
  const demo = ((await list.json()) as { data: { _id: string; externalId: string }[] }).data.find(
    (s) => s.externalId === DEMO_NUMBER,
  );
  expect(demo).toBeTruthy();
  const serviceId = demo!._id;

  const waId = `62816${Date.now().toString().slice(-7)}`;
  const name = `Pelanggan Token ${waId.slice(-4)}`;
  await customerSends(request, { waId, name, text: 'Halo, tokonya masih buka?' });

  const { context, page: settings } = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  try {
    await settings.goto('/integration/whatsapp');
    const card = settings.locator(`[data-testid="channel-card"][data-service-id="${serviceId}"]`);
    await expect(card).toHaveAttribute('data-status', 'ok');

    const inbox = await context.newPage();
    await inbox.goto('/chat');
    const row = inbox.getByTestId('chat-list').getByTestId('chat-row').filter({ hasText: name });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.click();
    await expect(inbox.getByTestId('conversation-name')).toHaveText(name);

    // Meta replaces the token (revoked in Business Settings): the next send answers 190.
    await metaGivesToken(request, NEW_TOKEN);
    await inbox.getByTestId('composer-input').fill('Masih, kak! Mau pesan apa?');
    await inbox.getByTestId('composer-send').click();
    const failed = inbox
      .locator('[data-testid="message-bubble"][data-from-me="true"]')
      .filter({ hasText: 'Mau pesan apa?' });
    await expect(failed).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });

    // The admin's Integration page, never reloaded, turns red with the reason.
    await settings.bringToFront();
    await expect(card).toHaveAttribute('data-status', 'attention', { timeout: 20_000 });
    await expect(card.getByTestId('channel-attention')).toContainText('refused');
    await expect(card.getByTestId('channel-token')).toContainText('Refused by Meta');
    await snap(settings, 'channel-health-attention');
    await switchLanguage(settings, 'id');
    await expect(card.getByTestId('channel-status')).toHaveText('Perlu perhatian');
    await snap(settings, 'channel-health-attention-id');
    await switchLanguage(settings, 'en');

    // A wrong token is refused in place and changes nothing; the new one fixes it.
    await card.getByTestId('channel-fix').click();
    const form = settings.getByTestId('channel-edit-form');
    await form.getByTestId('channel-edit-token').fill('sandbox-not-the-token');
    await form.getByTestId('channel-edit-submit').click();
    await expect(form.getByTestId('channel-edit-refusal')).toBeVisible();
    await snap(settings, 'channel-health-edit-refused');
    await form.getByTestId('channel-edit-token').fill(NEW_TOKEN);
    await form.getByTestId('channel-edit-submit').click();
    await expect(form).toBeHidden();
    await expect(card).toHaveAttribute('data-status', 'ok');
    await expect(card.getByTestId('channel-token')).toContainText('Works');
    await snap(settings, 'channel-health-ok');

    // Disconnect (asked first) and reconnect (Meta asked again) from the same card.
    await card.getByTestId('channel-menu').click();
    await settings.getByTestId('channel-disconnect').click();
    await settings.getByTestId('confirm-submit').click();
    await expect(card).toHaveAttribute('data-status', 'disconnected');
    await snap(settings, 'channel-health-disconnected');
    await card.getByTestId('channel-reconnect').click();
    await expect(card).toHaveAttribute('data-status', 'ok');

    await inbox.bringToFront();
    await inbox.getByTestId('composer-input').fill('Token baru, pesan terkirim');
    await inbox.getByTestId('composer-send').click();
    const sent = inbox
      .locator('[data-testid="message-bubble"][data-from-me="true"]')
      .filter({ hasText: 'Token baru, pesan terkirim' });
    await expect(sent).toHaveAttribute('data-status', /^(sent|delivered|read)$/, {
      timeout: 20_000,
    });

    // Every channel of the account, on the shared Channels page.
    await settings.goto('/integration/service');
    await expect(
      settings.locator(`[data-testid="channel-card"][data-service-id="${serviceId}"]`),
    ).toHaveAttribute('data-status', 'ok');
    await snap(settings, 'channel-health-services');
  } finally {
    // The demo number as the seed had it, for the specs after this one.
    await metaGivesToken(request, SEED_TOKEN);
    const back = await request.patch(`/api/services/${serviceId}`, {
      headers,
      data: { accessToken: SEED_TOKEN },
    });
    expect(back.status(), await back.text()).toBe(200);
    await context.close();
  }
});
