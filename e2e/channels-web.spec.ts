// Issue 17 on the web: an admin connects the sandbox's spare Messenger Page and Instagram account
// from their integration pages (Meta's stand-in verifies them); their customers write (a text, a
// story reply) and land in the inbox beside WhatsApp with their channel's icon and window; the
// admin merges the Instagram customer with a WhatsApp contact as one person and unmerges them.
// Screenshots of each, laptop and phone, English and Indonesian.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SPARE_INSTAGRAM_ACCOUNT, SPARE_MESSENGER_PAGE } from '../apps/sandbox/src/demo.js';
import { SANDBOX_URL } from './helpers/sandbox.js';
import { fillLogin, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './helpers/users.js';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const PSID = `24${stamp}01`;
const IGSID = `17${stamp}02`;
const MESSENGER_NAME = `Sari Messenger ${stamp.slice(-4)}`;
const IG_NAME = `Dewi IG ${stamp.slice(-4)}`;

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await expect(page.getByTestId('nav-dashboard')).toBeVisible();
}

async function customerDoes(
  request: APIRequestContext,
  app: 'messenger' | 'instagram',
  account: string,
  customer: string,
  body: Record<string, unknown>,
): Promise<void> {
  const res = await request.post(
    `${SANDBOX_URL}/sandbox/${app}/${account}/customers/${customer}/messages`,
    { data: body },
  );
  expect(res.status(), await res.text()).toBe(201);
}

test('connect a Messenger Page and an Instagram account from their pages', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);

  await page.goto('/integration/facebook-messenger');
  await expect(page.getByRole('heading', { name: 'Facebook Messenger' })).toBeVisible();
  // A wrong token: the stand-in refuses it and the page says why, beside the form.
  await page.getByTestId('page-connect-name').fill('Bandung Page');
  await page.getByTestId('page-connect-page-id').fill(SPARE_MESSENGER_PAGE.pageId);
  await page.getByTestId('page-connect-token').fill('not-the-page-token');
  await page.getByTestId('page-connect-submit').click();
  await expect(page.getByTestId('page-connect-refusal')).toContainText('token');
  await page.getByTestId('page-connect-token').fill(SPARE_MESSENGER_PAGE.accessToken);
  await page.getByTestId('page-connect-submit').click();
  const row = page.getByTestId('channel-card').filter({ hasText: 'Bandung Page' });
  await expect(row).toContainText(`Page ID ${SPARE_MESSENGER_PAGE.pageId}`);
  await expect(page.getByTestId('page-connect-refusal')).toBeHidden();
  await snap(page, 'integration-messenger-en');

  // Switching it off and on again goes through the same toggle as WhatsApp's.
  await row.getByTestId('service-toggle').click({ force: true });
  await expect(row).toContainText('Disabled');
  await row.getByTestId('service-toggle').click({ force: true });
  await expect(row).toContainText('Enabled');

  await page.goto('/integration/instagram');
  await page.getByTestId('page-connect-name').fill('Bandung Instagram');
  await page
    .getByTestId('page-connect-instagram-id')
    .fill(SPARE_INSTAGRAM_ACCOUNT.instagramAccountId);
  await page.getByTestId('page-connect-page-id').fill(SPARE_INSTAGRAM_ACCOUNT.pageId);
  await page.getByTestId('page-connect-token').fill(SPARE_INSTAGRAM_ACCOUNT.pageAccessToken);
  await page.getByTestId('page-connect-submit').click();
  await expect(
    page.getByTestId('channel-card').filter({ hasText: 'Bandung Instagram' }),
  ).toBeVisible();
  await snap(page, 'integration-instagram-en');
  await switchLanguage(page, 'id');
  await expect(page.getByText('Akun terhubung')).toBeVisible();
  await snap(page, 'integration-instagram-id');
  await page.goto('/integration/facebook-messenger');
  await snap(page, 'integration-messenger-id');
  await page.goto('/integration');
  await expect(page.getByTestId('integration-card-instagram')).toContainText('terhubung');
  await snap(page, 'integration-overview-id');
  await switchLanguage(page, 'en');
});

test('Messenger and Instagram customers land in the inbox beside WhatsApp', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ig = SPARE_INSTAGRAM_ACCOUNT.instagramAccountId;
  const story = await request.post(`${SANDBOX_URL}/sandbox/instagram/${ig}/story`, {
    data: { caption: 'New arrivals' },
  });
  expect(story.status(), await story.text()).toBeLessThan(300);
  await customerDoes(request, 'messenger', SPARE_MESSENGER_PAGE.pageId, PSID, {
    type: 'text',
    text: 'Halo, is the blue bag in stock?',
    name: MESSENGER_NAME,
  });
  await customerDoes(request, 'instagram', ig, IGSID, {
    type: 'story_reply',
    text: 'Love this! Price?',
    name: IG_NAME,
    username: `dewi.${stamp.slice(-4)}`,
  });

  await signIn(page);
  await page.goto('/chat');
  const list = page.getByTestId('chat-list');
  const igRow = list.getByTestId('chat-row').filter({ hasText: 'Love this! Price?' });
  const msRow = list.getByTestId('chat-row').filter({ hasText: 'blue bag' });
  await expect(igRow).toBeVisible();
  await expect(msRow).toBeVisible();
  await expect(igRow.getByRole('img', { name: 'Instagram', exact: true })).toBeVisible();
  await expect(msRow.getByRole('img', { name: 'Messenger', exact: true })).toBeVisible();

  await igRow.click();
  await expect(page.getByTestId('message-story')).toContainText('Replied to your story');
  await expect(page.getByTestId('window-strip')).toHaveAttribute('data-window', 'open');
  await expect(page.getByTestId('window-strip')).toContainText('24-hour window');
  await snap(page, 'inbox-three-channels-en');
  await switchLanguage(page, 'id');
  await expect(page.getByTestId('message-story')).toContainText('Membalas story Anda');
  await snap(page, 'inbox-three-channels-id');
  await switchLanguage(page, 'en');

  // The demo's Messenger customer last wrote 9 days ago: past Meta's 7 days, the composer says
  // why nothing may be sent, and locks.
  await list.getByTestId('chat-row').filter({ hasText: 'Putri Anggraini' }).click();
  await expect(page.getByTestId('window-closed-notice')).toContainText('more than 7 days ago');
  await expect(page.getByTestId('composer-input')).toBeDisabled();
  await snap(page, 'inbox-messenger-closed-en');
});

test('merge an Instagram customer with a WhatsApp contact, then unmerge', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/contact');
  await page.getByTestId('contact-search').fill('Rina');
  await page.getByTestId('contact-row').filter({ hasText: 'Rina Wulandari' }).first().click();
  const panel = page.getByTestId('contact-detail');
  await expect(panel.getByTestId('contact-detail-name')).toHaveText('Rina Wulandari');
  await panel.getByTestId('contact-merge').click();
  const modal = page.getByTestId('merge-modal');
  await modal.getByTestId('merge-search').fill(IG_NAME);
  await modal.getByTestId('merge-candidate').filter({ hasText: IG_NAME }).click();
  await expect(modal.getByTestId('merge-card')).toHaveCount(2);
  await snap(page, 'contact-merge-confirm-en');
  await modal.getByTestId('merge-confirm').click();
  await expect(modal).toBeHidden();
  const partner = panel.getByTestId('merged-contact');
  await expect(partner).toContainText(IG_NAME);
  await expect(partner.getByRole('img', { name: 'Instagram', exact: true })).toBeVisible();
  await expect(panel.getByTestId('contact-chat-link')).toHaveCount(2);
  await snap(page, 'contact-merged-en');
  // The drawer covers the language switch: close it, switch, and open the contact again.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await switchLanguage(page, 'id');
  await page.getByTestId('contact-row').filter({ hasText: 'Rina Wulandari' }).first().click();
  await expect(partner.getByTestId('contact-unmerge')).toHaveText('Pisahkan');
  await snap(page, 'contact-merged-id');
  await partner.getByTestId('contact-unmerge').click();
  await expect(panel.getByTestId('merged-contact')).toHaveCount(0);
  await expect(panel.getByTestId('contact-chat-link')).toHaveCount(1);
});
