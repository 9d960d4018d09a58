// Issue 18: a manager reads /report on the demo account (figures, tabs, ranges), exports a CSV
// and a PDF and opens them; the dashboard's live floor moves when a sandbox customer writes, with
// no reload. Screenshots of every tab and of the dashboard, laptop and phone, English and
// Indonesian.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { sql } from './helpers/db.js';
import { customerSends, NEEDS_SANDBOX, SANDBOX_URL } from './helpers/sandbox.js';
import { signInAs, snap, switchLanguage } from './helpers/ui.js';
import { DEMO_ADMIN_EMAIL } from './helpers/users.js';

// The demo has CSAT on (its plan includes it) and seeded answers.
const TABS = ['overview', 'agents', 'channels', 'labels', 'tickets', 'broadcasts', 'usage', 'csat'];

const count = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/\D/g, ''));

/** Every tab of the report, once loaded, as a laptop and a phone show it. */
async function snapTabs(page: Page, suffix: string) {
  for (const tab of TABS) {
    await page.getByTestId(`report-tab-${tab}`).click();
    await expect(page.getByTestId(`report-${tab}`)).toBeVisible();
    await expect(page.getByTestId(`report-${tab}`)).not.toHaveAttribute('aria-busy', 'true');
    await snap(page, `report-${tab}${suffix}`);
  }
}

test('a manager reads the report, switches tab and range, and opens the exports', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  try {
    await page.getByTestId('nav-report').click();
    await expect(page).toHaveURL(/\/report$/);
    // The demo's seeded conversations are counted (facts rebuilt at start), with their times.
    await expect(page.getByTestId('report-overview')).toBeVisible();
    expect(await count(page, 'report-stat-newConversations-value')).toBeGreaterThan(0);
    expect(await count(page, 'report-stat-messagesIn-value')).toBeGreaterThan(0);
    await expect(page.getByTestId('report-duration-firstResponse-median')).not.toHaveText('—');
    await expect(page.getByRole('img', { name: 'Conversations' })).toBeVisible();

    // The agents tab: who answered, as a table.
    await page.getByTestId('report-tab-agents').click();
    await expect(page).toHaveURL(/\/report\/agents$/);
    const rows = page.getByTestId('report-agents-table-row');
    await expect(rows.filter({ hasText: 'Budi Agent' })).toHaveCount(1);

    // Another range: the last 30 days, kept in the URL and named in the header.
    await page.getByTestId('report-range').getByText('30 days', { exact: true }).click();
    await expect(page).toHaveURL(/\/report\/agents\?range=30d$/);
    await expect(page.getByTestId('report-agents')).not.toHaveAttribute('aria-busy', 'true');
    await expect(rows.filter({ hasText: 'Budi Agent' })).toHaveCount(1);

    // The table as CSV: a real file with the table's header and Budi's row.
    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('report-agents-table-export-csv').click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(
      /^report-agents-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const text = (await readFile((await csv.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    expect(header).toContain('Agent');
    expect(header).toContain('Handled');
    expect(lines.some((line) => line.includes('Budi Agent'))).toBe(true);

    // The whole tab as PDF.
    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    await page.getByTestId('report-export-pdf').click();
    const pdf = await pdfDownload;
    const bytes = await readFile((await pdf.path()) ?? '');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.getByTestId('report-tab-overview').click();
    // The export toasts leave before the screenshots.
    await expect(page.getByText('Your file is downloading.')).toHaveCount(0);
    await snapTabs(page, '');
    await switchLanguage(page, 'id');
    await expect(page.getByRole('heading', { name: 'Laporan' })).toBeVisible();
    await snapTabs(page, '.id');
    await switchLanguage(page, 'en');
  } finally {
    await context.close();
  }
});

test('the dashboard floor moves live when a customer writes', async ({
  browser,
  baseURL,
  request,
}) => {
  test.skip(!SANDBOX_URL, NEEDS_SANDBOX);
  test.setTimeout(150_000);
  const { context, page } = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  try {
    // What the page's socket says to the server, from a fresh load on.
    const said: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => said.push(String(f.payload))));
    await page.reload();
    await expect(page.getByTestId('home-floor')).toBeVisible();
    await expect(page.getByTestId('home-floor')).toHaveAttribute('data-scope', 'account');
    // The server nudges only sockets watching the dashboard: the page asks to.
    await expect.poll(() => said.some((f) => f.includes('"dashboard.watch"'))).toBe(true);
    const open = await count(page, 'floor-open-value');
    const unassigned = await count(page, 'floor-unassigned-value');
    const fresh = await count(page, 'today-new-value');
    await snap(page, 'dashboard-manager');

    await customerSends(request, {
      waId: `62813${Date.now().toString().slice(-8)}`,
      name: 'Laporan Live',
      text: 'Halo, apakah pesanan saya sudah dikirim?',
    });
    // No reload: dashboard.updated asks the page to read the floor again. Well inside the
    // minute's safety poll, so it is the socket that brought it.
    await expect.poll(() => count(page, 'floor-open-value'), { timeout: 20_000 }).toBe(open + 1);
    await expect(page.getByTestId('floor-unassigned-value')).toHaveText(String(unassigned + 1));
    // Today's count is written by the reports' listener beside the floor's event: the next
    // event, or the minute's safety fetch, brings it.
    await expect.poll(() => count(page, 'today-new-value'), { timeout: 75_000 }).toBe(fresh + 1);
    await switchLanguage(page, 'id');
    await expect(page.getByText('Situasi saat ini')).toBeVisible();
    await snap(page, 'dashboard-manager.id');
    await switchLanguage(page, 'en');
    // Leaving the dashboard stops the nudges.
    await page.getByTestId('nav-chat').click();
    await expect.poll(() => said.some((f) => f.includes('"dashboard.unwatch"'))).toBe(true);
  } finally {
    await context.close();
  }
  const agent = await signInAs(browser, baseURL, 'agent@demo.sapa.id');
  try {
    await expect(agent.page.getByTestId('home-floor')).toHaveAttribute('data-scope', 'own');
    await expect(agent.page.getByText('Your queue')).toBeVisible();
    await snap(agent.page, 'dashboard-agent');
    await switchLanguage(agent.page, 'id');
    await expect(agent.page.getByText('Antrean Anda')).toBeVisible();
    await snap(agent.page, 'dashboard-agent.id');
    await switchLanguage(agent.page, 'en');
  } finally {
    await agent.context.close();
  }
});

test('the CSAT report needs CSAT on (requireCsat), and shows it when on', async ({
  browser,
  baseURL,
}) => {
  const [demo] = await sql(`SELECT account_id FROM users WHERE email = $1`, [DEMO_ADMIN_EMAIL]);
  const accountId = (demo as { account_id: string }).account_id;
  const [before] = await sql(
    `SELECT value FROM settings WHERE account_id = $1 AND key = 'bo.isCsat'`,
    [accountId],
  );
  const setCsat = (value: string | null) =>
    value === null
      ? sql(`DELETE FROM settings WHERE account_id = $1 AND key = 'bo.isCsat'`, [accountId])
      : sql(
          `INSERT INTO settings (account_id, key, value) VALUES ($1, 'bo.isCsat', $2)
           ON CONFLICT (account_id, key) DO UPDATE SET value = EXCLUDED.value`,
          [accountId, value],
        );
  // Settings are read at sign-in: each half signs in after its switch is set.
  await setCsat('false');
  const off = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  try {
    await off.page.goto('/report/csat');
    await expect(off.page).toHaveURL(/\/$/);
    await expect(off.page.getByText('Customer Satisfaction feature is not enabled')).toBeVisible();
    await expect(off.page.getByTestId('home-greeting')).toBeVisible();
  } finally {
    await off.context.close();
  }
  await setCsat('true');
  const { context, page } = await signInAs(browser, baseURL, DEMO_ADMIN_EMAIL);
  try {
    // The reports read an account's switches again within seconds.
    await expect
      .poll(
        async () => {
          await page.goto('/report');
          await expect(page.getByTestId('report-overview')).toBeVisible();
          return page.getByTestId('report-stat-csat').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await page.getByTestId('report-tab-csat').click();
    await expect(page).toHaveURL(/\/report\/csat$/);
    await expect(page.getByTestId('report-csat')).toBeVisible();
    await snap(page, 'report-csat');
    await switchLanguage(page, 'id');
    await expect(page.getByRole('tab', { name: 'Kepuasan' })).toBeVisible();
    await snap(page, 'report-csat.id');
    await switchLanguage(page, 'en');
  } finally {
    await setCsat((before as { value: string } | undefined)?.value ?? null);
    await context.close();
  }
});
