// Issue 17 §2 in Chromium: an Instagram customer and a Messenger customer write on the sandbox's
// phone page to Demo Company's seeded page and account; the admin answers both from one inbox,
// sees a reply typed in Meta's app appear as outgoing, and is refused with the reason once the
// customer last wrote more than 7 days ago (nothing reaches Meta).
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DEMO_PAGE,
  metaCustomerDoes,
  metaLastWroteDaysAgo,
  metaPhoneUrl,
  metaReactsInMetaApp,
  metaThread,
  metaSent,
  NEEDS_SANDBOX,
  newScopedId,
  SANDBOX_URL,
  type MetaApp,
} from './helpers/sandbox';
import { fillLogin, snap } from './helpers/ui';
import { DEMO_PASSWORD } from './helpers/users';

test.skip(!SANDBOX_URL, NEEDS_SANDBOX);

async function phoneOf(browser: Browser, app: MetaApp, customer: string, name: string) {
  const context = await browser.newContext();
  const phone = await context.newPage();
  await phone.goto(metaPhoneUrl(app, customer, name));
  return phone;
}

async function customerWrites(phone: Page, text: string) {
  await phone.getByTestId('phone-input').fill(text);
  await phone.getByTestId('phone-send').click();
}

async function answer(agent: Page, name: string, customerText: string, reply: string) {
  const row = agent.getByTestId('chat-row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.click();
  await expect(agent.getByTestId('message-bubble').filter({ hasText: customerText })).toBeVisible();
  await agent.getByTestId('composer-input').fill(reply);
  await agent.getByTestId('composer-send').click();
  await expect(
    agent.locator('[data-testid="message-bubble"][data-from-me="true"]').filter({ hasText: reply }),
  ).toHaveAttribute('data-status', /^(sent|delivered|read)$/, { timeout: 20_000 });
}

test('Messenger and Instagram customers in one inbox: answered, Meta-app replies shown, 7 days refused', async ({
  browser,
  baseURL,
  request,
}) => {
  const igUser = newScopedId('instagram');
  const fbUser = newScopedId('messenger');
  const igName = `IG ${igUser.slice(-4)}`;
  const fbName = `FB ${fbUser.slice(-4)}`;

  const agentContext = await browser.newContext({ baseURL });
  const agent = await agentContext.newPage();
  await agent.goto('/login');
  await fillLogin(agent, 'admin@demo.sapa.id', DEMO_PASSWORD);
  await expect(agent.getByTestId('nav-chat')).toBeVisible();
  await agent.goto('/chat');
  await expect(agent.getByTestId('chat-list')).toBeVisible();

  const ig = await phoneOf(browser, 'instagram', igUser, igName);
  const fb = await phoneOf(browser, 'messenger', fbUser, fbName);
  await customerWrites(ig, 'Kak, ready size M?');
  await customerWrites(fb, 'Halo, stok kaos hitam ada?');

  // One inbox, two channels: the admin answers each, and each phone receives its answer.
  await answer(agent, igName, 'Kak, ready size M?', 'Ready kak, mau warna apa?');
  await expect(
    ig.getByTestId('phone-message').filter({ hasText: 'Ready kak, mau warna apa?' }),
  ).toBeVisible({ timeout: 20_000 });
  await answer(agent, fbName, 'Halo, stok kaos hitam ada?', 'Ada kak, ukuran S sampai XL.');
  await expect(
    fb.getByTestId('phone-message').filter({ hasText: 'Ada kak, ukuran S sampai XL.' }),
  ).toBeVisible({ timeout: 20_000 });
  // Their profile pictures (fetched once from Meta's profile API) are the avatars, live.
  for (const name of [igName, fbName])
    await expect(
      agent.getByTestId('chat-row').filter({ hasText: name }).locator('img'),
    ).toBeVisible({ timeout: 20_000 });
  await expect(agent.getByTestId('conversation-header').locator('img')).toBeVisible();
  await snap(agent, 'messenger-instagram-inbox');

  // The business answers from Meta's own app: the agent sees it as outgoing, live, once.
  await fb.getByTestId('phone-echo-input').fill('Dibalas dari aplikasi Meta');
  await fb.getByTestId('phone-echo-send').click();
  const echoed = agent
    .locator('[data-testid="message-bubble"][data-from-me="true"]')
    .filter({ hasText: 'Dibalas dari aplikasi Meta' });
  await expect(echoed).toHaveCount(1, { timeout: 20_000 });
  // A reaction put in Meta's app sits on the customer's message, beside any of theirs.
  const asked = (await metaThread(request, 'messenger', fbUser)).messages.find(
    (m) => m.text === 'Halo, stok kaos hitam ada?',
  );
  await metaReactsInMetaApp(request, 'messenger', fbUser, asked!.mid, '👍');
  await expect(
    agent
      .getByTestId('message-bubble')
      .filter({ hasText: 'Halo, stok kaos hitam ada?' })
      .getByTestId('message-reaction'),
  ).toHaveText('👍', { timeout: 20_000 });
  await snap(agent, 'messenger-instagram-reaction');

  // A customer who last wrote 8 days ago (for Meta and for Sapa alike): past HUMAN_AGENT's 7
  // days, a reply is refused at once with the reason, and nothing reaches Meta.
  const oldUser = newScopedId('messenger');
  const oldName = `FB lama ${oldUser.slice(-4)}`;
  await metaCustomerDoes(request, 'messenger', oldUser, {
    type: 'text',
    text: 'Masih ada promo?',
    name: oldName,
    timestamp: Date.now() - 8 * 24 * 3_600_000,
  });
  await metaLastWroteDaysAgo(request, 'messenger', oldUser, 8);
  const old = agent.getByTestId('chat-row').filter({ hasText: oldName });
  await expect(old).toBeVisible({ timeout: 20_000 });
  await old.click();
  await expect(
    agent.getByTestId('message-bubble').filter({ hasText: 'Masih ada promo?' }),
  ).toBeVisible();
  const login = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: 'admin@demo.sapa.id', password: DEMO_PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const list = await request.get(
    `${baseURL}/api/chats/paginate?searchText=${encodeURIComponent(oldName)}`,
    {
      headers,
    },
  );
  const chat = ((await list.json()) as { data: { _id: string; channel: string }[] }).data[0]!;
  expect(chat.channel).toBe('messenger');
  const before = (await metaSent(request, DEMO_PAGE.id)).length;
  const refused = await request.post(`${baseURL}/api/messages`, {
    headers,
    data: { chatId: chat._id, text: 'Masih minat kak?' },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    code: 'WINDOW_CLOSED',
    message:
      'The customer last wrote more than 7 days ago: Meta allows no reply until they write again.',
  });
  expect((await metaSent(request, DEMO_PAGE.id)).length).toBe(before);
  await snap(agent, 'messenger-instagram-refused');

  // The contact list and the contact's page show the same picture.
  await agent.goto('/contact');
  await agent.getByTestId('contact-search').fill(fbName);
  const contact = agent.getByTestId('contact-row').filter({ hasText: fbName });
  await expect(contact.locator('img')).toBeVisible({ timeout: 20_000 });
  await contact.click();
  const detail = agent.getByRole('dialog');
  await expect(detail.getByTestId('contact-detail-name')).toHaveText(fbName);
  await expect(detail.locator('img').first()).toBeVisible();
  await snap(agent, 'messenger-instagram-contact');
  await agentContext.close();
  await ig.context().close();
  await fb.context().close();
});
