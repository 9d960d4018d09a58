import { expect, type Page } from '@playwright/test';

const countOf = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).innerText()).replace(/\D/g, ''));

/**
 * On a broadcast's result page: waits until all `recipients` reached the phones (delivered or
 * read), `read` of them read, and the broadcast is Completed; then, without a reload, the rows
 * and the details have followed (every row delivered or read, start and finish times shown).
 */
export async function expectBroadcastDone(
  page: Page,
  { recipients, read, timeout = 45_000 }: { recipients: number; read: number; timeout?: number },
): Promise<void> {
  await expect(page).toHaveURL(/\/broadcast\/result\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect
    .poll(
      async () => (await countOf(page, 'count-delivered')) + (await countOf(page, 'count-read')),
      { timeout },
    )
    .toBe(recipients);
  await expect(page.getByTestId('count-read')).toContainText(String(read), { timeout: 30_000 });
  await expect(page.getByTestId('broadcast-status')).toHaveText('Completed', { timeout: 30_000 });
  // Every row delivered or read (the rows follow the counts within a few seconds).
  await expect(
    page
      .getByTestId('recipient-table')
      .locator('tbody tr')
      .filter({ hasText: /Delivered|Read/ }),
  ).toHaveCount(recipients, { timeout: 15_000 });
  await expect(page.getByTestId('started-at')).not.toHaveText('—');
  await expect(page.getByTestId('finished-at')).not.toHaveText('—');
}
